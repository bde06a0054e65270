// The command line against the inputs of the particle, surface and spread effects, and against
// outputs that would destroy inputs: sizes that follow from input are refused before anything
// is allocated, a scene that would draw nothing says why, and no run writes over what it reads.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/cli_run.h"
#include "support/golden.h"

namespace lfx::test {
namespace {

namespace fs = std::filesystem;

std::string source_path(const std::string& relative) {
  return std::string(LIQUIDFX_SOURCE_DIR) + "/" + relative;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// An axis-aligned cube `side` across as OBJ text.
std::string cube_obj(double side) {
  const double h = 0.5 * side;
  std::ostringstream o;
  o.precision(17);
  for (double x : {-h, h})
    for (double y : {-h, h})
      for (double z : {-h, h}) o << "v " << x << ' ' << y << ' ' << z << '\n';
  o << "f 1 3 4\nf 1 4 2\nf 5 6 8\nf 5 8 7\nf 1 2 6\nf 1 6 5\nf 3 7 8\nf 3 8 4\nf 1 5 7\nf 1 7 3\nf 2 4 8\nf 2 8 6\n";
  return o.str();
}

// A scene of one effect block (JSON text) in a tiny frame, written under the test output.
std::string one_effect_scene(const std::string& name, const std::string& block) {
  return write_test_file(name + ".json",
                         R"({"resolution": [32, 18], "fps": 10, "duration": 0.3, "effects": [)" + block + "]}");
}

std::string render(const std::string& scene, const std::string& extra = "") {
  return "render " + shell_quote(scene) + " --frames 1 --out " + shell_quote(test_output_path("cli_inputs_out")) + " " +
         extra;
}

// A 20 cm particle tank with a column of water, and `more` keys of the block after it.
std::string tank(const std::string& more) {
  return R"({"type": "particles", "name": "water", "count": 2000, "tank": {"min": [0, 0, 0], "max": [0.2, 0.2, 0.2]},
             "blocks": [{"min": [0, 0, 0], "max": [0.05, 0.1, 0.2]}])" +
         more + "}";
}

TEST(CliInputsTest, SizesThatFollowFromInputAreRefusedNamingTheKeyAndTheSize) {
  const std::string millimetres = write_test_file("wall_mm.obj", cube_obj(80.0));
  const std::string huge = write_test_file("wall_huge.obj", cube_obj(2e30));
  const auto wall = [](const std::string& mesh) {
    return tank(R"(, "colliders": [{"shape": "wall", "mesh": ")" + mesh + R"(", "thickness": 0.003}])");
  };
  const std::vector<BadInvocation> cases = {
      // rate / speed is a disc of ~1e3 m across: a jet of 1e10 points.
      {render(one_effect_scene("jet", tank(R"(, "nozzles": [{"position": [0.1, 0.15, 0.1], "rate": 1000,
                                                          "speed": 1e-6}])"))),
       "/effects/0/nozzles/0: pours a jet 1128 m across (its disc is rate / speed), wider than the tank"},
      {render(one_effect_scene("wall_mm", wall(millimetres))),
       "/effects/0/colliders/0/mesh: the wall's distance grid needs"},
      {render(one_effect_scene("wall_mm", wall(millimetres))), "is the mesh in metres?"},
      {render(one_effect_scene("wall_huge", wall(huge))), "for a mesh of 2e+30 x 2e+30 x 2e+30 m"},
      {render(source_path("scenes/mix.json"), "--size 4096x2"),
       "needs 196608 x 96 cells (1.887e+07; at most 8388608); lower the knob cells"},
      {render(one_effect_scene("synthetic_fine", R"({"type": "surface", "source": "synthetic:box",
                                                     "size": [1, 1, 1], "spacing": 0.001})")),
       "/effects/0/spacing: synthetic particles: 9.97e+08 particles at a spacing of 0.001 m (at most 4000000)"},
      {render(source_path("scenes/dam_break.json"), "--set water.count=4000000"), "--set water.count=4000000"},
  };
  expect_bad_input(cases);
}

TEST(CliInputsTest, InputsThatWouldDrawNothingOrSomethingElseAreErrors) {
  const std::vector<BadInvocation> cases = {
      {render(one_effect_scene("nozzle_outside", tank(R"(, "nozzles": [{"position": [0.5, 0.15, 0.1], "rate": 0.1,
                                                                     "speed": 1}])"))),
       "/effects/0/nozzles/0: is outside the tank when it starts (t = 0 s, at (0.5, 0.15, 0.1))"},
      {render(
           one_effect_scene("blob_outside", R"({"type": "spread", "blobs": [{"centre": [3, 0.5], "radius": 0.1}]})")),
       "/effects/0/blobs/0/centre: the blob lies outside the frame, which is 1.778 x 1 short sides (32x18)"},
      {render(one_effect_scene("sphere_small", R"({"type": "surface", "source": "synthetic:sphere",
                                                   "size": [0.004, 0.004, 0.004], "spacing": 0.01})")),
       "no particle of the spacing (0.01 m) fits in the sphere (0.004 m across)"},
  };
  expect_bad_input(cases);
}

TEST(CliInputsTest, MessagesSayWhatIsWrongAndWhere) {
  const std::string big_png = test_output_path("huge_header.png");
  {
    // A PNG header for 20000 x 20000 pixels: refused by its size, before anything is decoded.
    const unsigned char header[] = {0x89, 'P',  'N',  'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0,
                                    0,    0x4e, 0x20, 0,   0,    0x4e, 0x20, 8,    6, 0, 0, 0,  0,   0,   0,   0,   0};
    std::ofstream(big_png, std::ios::binary).write(reinterpret_cast<const char*>(header), sizeof header);
  }
  const std::vector<BadInvocation> cases = {
      {render(one_effect_scene("itself", R"({"type": "surface", "name": "s", "source": "s"})")),
       "/effects/0/source: names this effect itself; it needs a particles effect before it"},
      {render(one_effect_scene("later", R"({"type": "surface", "source": "water"}, )" + tank(""))),
       "/effects/0/source: \"water\" comes after this effect"},
      {render(one_effect_scene("misspelt", R"({"type": "spread", "blobs": [{"center": [0.5, 0.5], "radius": 0.1}]})")),
       "/effects/0/blobs/0/centre: missing; expected [x, y] with each in [0, 100] (is \"center\" a misspelling of "
       "it?)"},
      {render(one_effect_scene("big_png", R"({"type": "ripples", "source": "image", "image": ")" + big_png + R"("})")),
       "20000 x 20000 pixels is larger than 16384 on a side"},
      {render(one_effect_scene("image_alone", R"({"type": "spread", "image": "x.png",
                                                  "blobs": [{"centre": [0.5, 0.5], "radius": 0.1}]})")),
       "/effects/0/image: is read only with \"background\": \"image\""},
      {render(one_effect_scene("ripples_image_alone", R"({"type": "ripples", "image": "x.png"})")),
       "/effects/0/image: is read only with \"source\": \"image\""},
      {render(one_effect_scene("bad_speed", tank(R"(, "nozzles": [{"position": [0.1, 0.15, 0.1], "rate": 0.1,
                                                                "speed": -3}])"))),
       "/effects/0/nozzles/0/speed: expected a number in (0, 100], got -3"},
  };
  expect_bad_input(cases);
}

TEST(CliInputsTest, NoRunWritesOverItsOwnInputs) {
  const std::string scene = one_effect_scene("own_stats", R"({"type": "ripples"})");
  const std::string before = read_file(scene);
  const fs::path out = test_output_path("own_inputs");
  fs::create_directories(out);
  // A picture the scene reads, in the output folder under the name of the frame it would write.
  const std::string picture = (out / "own_picture_0000.png").string();
  {
    const unsigned char tiny[] = {0x89, 'P',  'N',  'G',  '\r', '\n', 0x1a, '\n', 0,    0,    0,    13,   'I',  'H',
                                  'D',  'R',  0,    0,    0,    1,    0,    0,    0,    1,    8,    2,    0,    0,
                                  0,    0x90, 0x77, 0x53, 0xde, 0,    0,    0,    12,   'I',  'D',  'A',  'T',  0x08,
                                  0xd7, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0x18, 0xdd, 0x8d,
                                  0xb0, 0,    0,    0,    0,    'I',  'E',  'N',  'D',  0xae, 0x42, 0x60, 0x82};
    std::ofstream(picture, std::ios::binary).write(reinterpret_cast<const char*>(tiny), sizeof tiny);
  }
  const std::string picture_before = read_file(picture);
  const std::string own_picture =
      write_test_file("own_picture.json", R"({"resolution": [32, 18], "duration": 0.2, "effects": [
        {"type": "ripples", "source": "image", "image": "own_inputs/own_picture_0000.png"}]})");
  const std::string motion = write_test_file("own_motion.csv", "t,px,py,pz,qx,qy,qz,qw\n0,0,0,0,0,0,0,1\n");
  const std::vector<BadInvocation> cases = {
      {render(scene, "--stats " + shell_quote(scene)), "is an input of this run"},
      {"render " + shell_quote(own_picture) + " --frames 1 --out " + shell_quote(out.string()),
       "the render would write over own_picture_0000.png, an input of this run"},
      {render(scene, "--stats ''"), "--stats needs a file name, not an empty one"},
      {"slosh --shape box --fill 0.5 --motion " + shell_quote(motion) + " --out " + shell_quote(motion),
       "is an input of this run"},
  };
  expect_bad_input(cases);
  EXPECT_EQ(read_file(scene), before);
  EXPECT_EQ(read_file(picture), picture_before);
  // Rendering only frame 1 writes own_picture_0001.png: the input is not in the way.
  const CliResult other =
      run_cli("render " + shell_quote(own_picture) + " --frames 2 --frame 1 --out " + shell_quote(out.string()));
  EXPECT_EQ(other.exit_code, 0) << other.output;
}

TEST(CliInputsTest, AStatisticsFileThatCannotBeWrittenFailsTheRun) {
  const std::string scene = one_effect_scene("full_disk", R"({"type": "ripples"})");
  const CliResult r = run_cli("render " + shell_quote(scene) + " --frames 2 --out " +
                              shell_quote(test_output_path("cli_inputs_out")) + " --stats /dev/full");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/dev/full: writing the statistics failed (is the disk full?)"), std::string::npos)
      << r.output;
}

TEST(CliInputsTest, StatisticsBeforeAnEffectsFirstMeasurementAreEmptyCells) {
  const std::string stats = test_output_path("first_measurement.csv");
  const CliResult spread =
      run_cli("render " + shell_quote(source_path("scenes/mix.json")) + " --frames 2 --size 32x18 --out " +
              shell_quote(test_output_path("first_spread")) + " --stats " + shell_quote(stats));
  ASSERT_EQ(spread.exit_code, 0) << spread.output;
  std::stringstream lines(read_file(stats));
  std::string header, first, second;
  std::getline(lines, header);
  std::getline(lines, first);
  std::getline(lines, second);
  const auto names = csv_cells(header), row0 = csv_cells(first), row1 = csv_cells(second);
  ASSERT_EQ(row0.size(), names.size()) << first;
  for (std::size_t i = 2; i < names.size(); ++i) {
    EXPECT_EQ(row0[i], "") << names[i] << " before the first step";
    EXPECT_NE(row1[i], "") << names[i] << " after it";
  }
  // The particles are there from the start: their first row counts the dam's column.
  const std::string dam = test_output_path("first_dam.csv");
  const CliResult particles =
      run_cli("render " + shell_quote(source_path("scenes/dam_break.json")) + " --frames 1 --size 32x18 --out " +
              shell_quote(test_output_path("first_dam")) + " --stats " + shell_quote(dam) + " --set water.count=2000");
  ASSERT_EQ(particles.exit_code, 0) << particles.output;
  std::stringstream dam_lines(read_file(dam));
  std::getline(dam_lines, header);
  std::getline(dam_lines, first);
  const auto dam_names = csv_cells(header), dam_row = csv_cells(first);
  const auto live = std::find(dam_names.begin(), dam_names.end(), "water.live") - dam_names.begin();
  ASSERT_LT(std::size_t(live), dam_row.size());
  EXPECT_GT(std::stoi(dam_row[std::size_t(live)]), 1500) << first;
}

// A surface drawing particles whose count (and solver) the command line raises: the particles'
// new buffers exist before the surface attaches them (they were attached too small before).
TEST(CliInputsTest, RaisingTheParticleCountUnderASurfaceRenders) {
  const CliResult r = run_cli("render " + shell_quote(source_path("scenes/dam_break.json")) +
                              " --frames 2 --size 32x18 --out " + shell_quote(test_output_path("raised_count")) +
                              " --set water.count=20000 --set water.solver=incompressible");
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

}  // namespace
}  // namespace lfx::test
