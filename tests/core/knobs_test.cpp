// The knob table: one declaration gives the struct, parsing with range checks and docs.
#include "liquidfx/core/knobs.h"

#include <gtest/gtest.h>

namespace lfx {
namespace {

enum class Style { refractive, opaque };
}  // namespace
template <>
struct KnobEnumNames<Style> {
  static constexpr std::string_view kNames[] = {"refractive", "opaque"};
};
namespace {

#define TEST_KNOBS(X)                                                          \
  X(speed, float, 1.5f, 0.1, 3.0, "1/s", "How fast")                           \
  X(count, int, 8, 1, 4096, "", "How many", ::lfx::kKnobRestarts)              \
  X(enabled, bool, true, 0, 1, "", "On or off")                                \
  X(tint, glm::vec3, (glm::vec3{0.1f, 0.2f, 0.3f}), 0.0, 1.0, "rgb", "Colour") \
  X(style, Style, Style::opaque, 0, 0, "", "Look")
LFX_KNOB_STRUCT(TestKnobs, TEST_KNOBS);

Result<void> set(TestKnobs& k, const char* name, const char* text) {
  const KnobSpec* spec = find_knob(TestKnobs::knobs(), name);
  if (!spec) return input_error("unknown");
  auto value = parse_knob_text(*spec, text);
  if (!value) return value.error();
  return assign_knob(&k, *spec, *value);
}

TEST(KnobsTest, DefaultsComeFromTheTable) {
  TestKnobs k;
  EXPECT_FLOAT_EQ(k.speed, 1.5f);
  EXPECT_EQ(k.count, 8);
  EXPECT_TRUE(k.enabled);
  EXPECT_EQ(k.style, Style::opaque);
  EXPECT_EQ(TestKnobs::knobs().size(), 5u);
}

TEST(KnobsTest, TextValuesAreParsedAndRangeChecked) {
  TestKnobs k;
  EXPECT_TRUE(set(k, "speed", "2.5"));
  EXPECT_FLOAT_EQ(k.speed, 2.5f);
  EXPECT_TRUE(set(k, "count", "1024"));
  EXPECT_EQ(k.count, 1024);
  EXPECT_TRUE(set(k, "enabled", "false"));
  EXPECT_FALSE(k.enabled);
  EXPECT_TRUE(set(k, "tint", "1,0.5,0"));
  EXPECT_EQ(k.tint, glm::vec3(1, 0.5f, 0));
  EXPECT_TRUE(set(k, "style", "refractive"));
  EXPECT_EQ(k.style, Style::refractive);

  auto out_of_range = set(k, "speed", "50");
  ASSERT_FALSE(out_of_range);
  EXPECT_EQ(out_of_range.error().message, "50 is outside [0.1, 3]");
  EXPECT_FALSE(set(k, "count", "2.5"));
  EXPECT_FALSE(set(k, "count", "nan"));
  EXPECT_FALSE(set(k, "speed", "inf"));
  EXPECT_FALSE(set(k, "enabled", "maybe"));
  EXPECT_FALSE(set(k, "tint", "1,2"));
  EXPECT_FALSE(set(k, "tint", "1,0,2"));
  auto bad_style = set(k, "style", "toon");
  ASSERT_FALSE(bad_style);
  EXPECT_EQ(bad_style.error().message, "\"toon\" is not one of refractive, opaque");
  EXPECT_FLOAT_EQ(k.speed, 2.5f);  // failed assignments leave the value alone
}

TEST(KnobsTest, FormatReadsBackWhatParseWrites) {
  TestKnobs k;
  for (const KnobSpec& spec : TestKnobs::knobs()) {
    const std::string text = format_knob(&k, spec);
    TestKnobs copy;
    auto value = parse_knob_text(spec, text);
    ASSERT_TRUE(value) << spec.name;
    ASSERT_TRUE(assign_knob(&copy, spec, *value)) << spec.name;
    EXPECT_EQ(format_knob(&copy, spec), text);
  }
}

TEST(KnobsTest, AKnobMarkedSoRestartsTheEffectAndNoOtherDoes) {
  for (const KnobSpec& spec : TestKnobs::knobs()) EXPECT_EQ(spec.restarts, std::string_view(spec.name) == "count");
}

TEST(KnobsTest, MarkdownTableListsEveryKnob) {
  const TestKnobs defaults;
  const std::string md = knob_table_markdown(TestKnobs::knobs(), &defaults);
  EXPECT_NE(md.find("| `speed` | number | 1.5 | [0.1, 3] | 1/s | How fast |"), std::string::npos) << md;
  EXPECT_NE(md.find("| `style` | one of refractive, opaque | opaque |"), std::string::npos) << md;
}

}  // namespace
}  // namespace lfx
