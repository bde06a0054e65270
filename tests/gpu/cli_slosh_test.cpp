// `liquidfx fill` and `liquidfx slosh`: outputs, formats and errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/cli_run.h"
#include "support/golden.h"

namespace lfx::test {
namespace {

// A 1 x 2 x 1 box centred on the origin; `open` leaves its top face out.
std::string box_obj(bool open) {
  std::string obj =
      "v -0.5 -1 -0.5\nv 0.5 -1 -0.5\nv 0.5 1 -0.5\nv -0.5 1 -0.5\n"
      "v -0.5 -1 0.5\nv 0.5 -1 0.5\nv 0.5 1 0.5\nv -0.5 1 0.5\n"
      "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 1 5 8 4\n";
  if (!open) obj += "f 3 4 8 7\n";
  return obj;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CliSloshTest, FillJsonIsExact) {
  const std::string box = write_test_file("box.obj", box_obj(false));
  const CliResult r = run_cli("fill --mesh '" + box + "' --fraction 0.25 --up 0,1,0 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j.size(), 4u);
  EXPECT_NEAR(j["offset"].get<double>(), -0.5, 1e-6);
  EXPECT_NEAR(j["volume_below"].get<double>(), 0.5, 1e-6);
  EXPECT_NEAR(j["volume_total"].get<double>(), 2.0, 1e-9);
  EXPECT_EQ(j["method"], "exact");
  // Tipped: the same fraction at any up direction.
  const CliResult tipped = run_cli("fill --mesh '" + box + "' --fraction 0.3 --up 1,2,3 --json");
  ASSERT_EQ(tipped.exit_code, 0) << tipped.output;
  EXPECT_NEAR(nlohmann::json::parse(tipped.output)["volume_below"].get<double>(), 0.6, 1e-4 * 2.0);
  // A direction whose length overflows a double is still the direction it names.
  const CliResult huge = run_cli("fill --mesh '" + box + "' --fraction 0.25 --up 1e200,1e200,0 --json");
  ASSERT_EQ(huge.exit_code, 0) << huge.output;
  EXPECT_NEAR(nlohmann::json::parse(huge.output)["volume_below"].get<double>(), 0.5, 1e-6);
}

TEST(CliSloshTest, AFailedPlotLeavesNoTraceBehind) {
  const std::string motion = write_test_file("plot_motion.csv", "0,0,0,0,0,0,0,1\n0.1,0,0,0,0,0,0,1\n");
  const std::string trace = test_output_path("orphan_trace.csv");
  std::remove(trace.c_str());
  const CliResult r = run_cli("slosh --shape box --fill 0.5 --motion '" + motion + "' --out '" + trace +
                              "' --plot /no/such/folder/plot.svg");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/no/such/folder/plot.svg: cannot write"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(trace));
  EXPECT_FALSE(std::filesystem::exists(trace + ".partial"));
}

TEST(CliSloshTest, FillTableIsWithinHalfAPercent) {
  const std::string box = write_test_file("box.obj", box_obj(false));
  const CliResult r = run_cli("fill --mesh '" + box + "' --fraction 0.6 --up 0.3,1,-0.2 --method table --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["method"], "table");
  EXPECT_NEAR(j["volume_below"].get<double>(), 1.2, 0.005 * 2.0);
}

TEST(CliSloshTest, FillErrors) {
  const std::string open = write_test_file("open_box.obj", box_obj(true));
  const std::vector<BadInvocation> cases = {
      {"fill --mesh '" + open + "' --fraction 0.5 --up 0,1,0", open + ": mesh is not closed: 4 boundary edges"},
      {"fill --mesh '" + open + "' --fraction 1.5 --up 0,1,0", "expected a number in [0"},
      {"fill --mesh '" + open + "' --fraction 0.5 --up 0,0,0", "--up must not be the zero vector"},
      {"fill --mesh '" + open + "' --fraction 0.5 --up 0,1", "--up: At least 3 required but received 2"},
      {"fill --mesh '" + open + "' --fraction 0.5 --up 0,1,0,abc", "--up: At Most 3 required but received 4"},
      {"fill --mesh '" + open + "' --fraction 0.5 --up 0,1,0 --method guess", "--method: guess not in {exact,table}"},
      {"fill --fraction 0.5 --mesh '" + open + "' --up 1e400,0,0", "--up"},
      {"fill --mesh /nonexistent.obj --fraction 0.5 --up 0,1,0", "/nonexistent.obj: cannot open the mesh file"},
  };
  expect_bad_input(cases);
}

TEST(CliSloshTest, SloshTracesEveryGoodRowAndReportsBadOnes) {
  std::string motion = "t,px,py,pz,qx,qy,qz,qw\n";
  for (int i = 0; i <= 120; ++i) {
    const double t = i / 60.0;
    motion += std::to_string(t) + "," + std::to_string(t < 0.5 ? 0.4 * t * t : 0.1) + ",0,0,0,0,0,1\n";
    if (i == 30) motion += "0.51,nan,0,0,0,0,0,1\n";
    if (i == 60) motion += "0.2,0,0,0,0,0,0,1\n";
  }
  const std::string path = write_test_file("motion.csv", motion);
  const std::string trace = test_output_path("trace.csv"), plot = test_output_path("trace.svg");
  const CliResult r = run_cli("slosh --shape cylinder --fill 0.4 --motion '" + path + "' --out '" + trace +
                              "' --plot '" + plot + "' --set damping=0.3");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find(path + ":33: px is NaN or infinite"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(path + ":64: time does not increase (0.2 after 1)"), std::string::npos) << r.output;
  const std::string csv = read_file(trace);
  EXPECT_EQ(csv.rfind("t,nx,ny,nz,offset,tilt_deg,agitation,wave_amplitude,bubbles\n", 0), 0u);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 121);
  const std::string svg = read_file(plot);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("surface tilt (deg)"), std::string::npos);
}

TEST(CliSloshTest, SloshErrors) {
  const std::string motion = write_test_file("still.csv", "0,0,0,0,0,0,0,1\n1,0,0,0,0,0,0,1\n");
  const std::vector<BadInvocation> cases = {
      {"slosh --shape teapot --fill 0.5 --motion '" + motion + "' --out /tmp/t.csv", "unknown shape \"teapot\""},
      {"slosh --fill 0.5 --motion '" + motion + "' --out /tmp/t.csv",
       "give exactly one of --mesh FILE and --shape NAME"},
      {"slosh --shape bottle --mesh x.obj --fill 0.5 --motion '" + motion + "' --out /tmp/t.csv",
       "--mesh excludes --shape"},
      {"slosh --shape bottle --fill 0.5 --motion /nonexistent.csv --out /tmp/t.csv",
       "/nonexistent.csv: cannot open the motion file"},
      {"slosh --shape bottle --fill 0.5 --motion '" + motion + "' --out /tmp/t.csv --set damping=9",
       "9 is outside [0, 3]"},
      {"slosh --shape bottle --fill 0.5 --motion '" + motion + "' --out /tmp/t.csv --set dampen=1",
       "expected knob=value"},
  };
  expect_bad_input(cases);
}

}  // namespace
}  // namespace lfx::test
