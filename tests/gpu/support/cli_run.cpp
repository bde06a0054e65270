#include "support/cli_run.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "support/golden.h"

namespace lfx::test {

CliResult run_cli(const std::string& args, const std::string& environment) {
  const std::string command = environment + " '" + std::string(LIQUIDFX_CLI) + "' " + args + " 2>&1";
  CliResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buffer;
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

void expect_bad_input(const std::vector<BadInvocation>& cases) {
  for (const BadInvocation& c : cases) {
    const CliResult r = run_cli(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << ": " << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << ": " << r.output;
  }
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string write_test_file(const std::string& name, const std::string& text) {
  const std::string path = test_output_path(name);
  std::ofstream(path) << text;
  return path;
}

std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream s(line);
  for (std::string cell; std::getline(s, cell, ',');) out.push_back(cell);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

std::vector<std::string> stats_column(const std::string& csv_path, const std::string& statistic) {
  std::ifstream file(csv_path);
  std::string header;
  if (!std::getline(file, header)) {
    ADD_FAILURE() << csv_path << ": no header";
    return {};
  }
  const std::vector<std::string> names = csv_cells(header);
  const auto column = std::size_t(std::find(names.begin(), names.end(), statistic) - names.begin());
  if (column == names.size()) {
    ADD_FAILURE() << csv_path << ": no column " << statistic << " in " << header;
    return {};
  }
  std::vector<std::string> cells;
  for (std::string line; std::getline(file, line);) {
    const std::vector<std::string> row = csv_cells(line);
    if (row.size() != names.size()) {
      ADD_FAILURE() << csv_path << ": a row not as wide as the header: " << line;
      return {};
    }
    cells.push_back(row[column]);
  }
  return cells;
}

}  // namespace lfx::test
