#include "daemon/options.h"

#include <gtest/gtest.h>

#include "rig.h"

namespace tabula::firmware {
namespace {

ParsedOptions parse(std::initializer_list<std::string_view> args) {
  const std::vector<std::string_view> v(args);
  return parse_options(v);
}

TEST(Options, SimWithTraceAndSpeed) {
  const auto p = parse({"--backend", "sim", "--trace", "t.trace", "--profile", "p", "--speed", "0",
                        "--stdout", "--text", "--scan-hz", "200"});
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.options.backend, Backend::kSim);
  EXPECT_EQ(p.options.speed, 0.0);
  EXPECT_TRUE(p.options.to_stdout);
  EXPECT_EQ(p.options.scan_hz, 200u);
}

TEST(Options, CheckProfileTakesSeveralFiles) {
  const auto p = parse({"--check-profile", "a", "b"});
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.options.mode, Mode::kCheckProfile);
  EXPECT_EQ(p.options.files, (std::vector<std::string>{"a", "b"}));
}

TEST(Options, MistakesAreNamed) {
  EXPECT_EQ(parse({"--backend", "sim"}).error, "--backend sim needs --trace FILE");
  EXPECT_EQ(parse({"--backend", "usb"}).error, "unknown backend 'usb': expected gpiod, sim or serial");
  EXPECT_EQ(parse({"--scan-hz", "0"}).error, "--scan-hz needs 1..5000");
  EXPECT_EQ(parse({"--speed", "fast"}).error,
            "--speed 'fast': expected a number 0..1000 (0 = as fast as possible)");
  EXPECT_EQ(parse({"--text"}).error, "--text is for --stdout");
  EXPECT_EQ(parse({"--frobnicate"}).error, "unknown argument '--frobnicate' (see --help)");
  EXPECT_EQ(parse({"--check-profile"}).error, "--check-profile needs a profile file");
}

TEST(Options, OverridesAreCheckedAgainstTheProfile) {
  BoardProfile p = testing::load_shipped("cross-14-decoder");
  DaemonOptions o;
  o.debounce_ms = 10;
  EXPECT_EQ(apply_overrides(p, o),
            "debounce 10 ms is shorter than two scans at 100 Hz; raise --debounce-ms or --scan-hz");
  o.scan_hz = 1000;
  EXPECT_EQ(apply_overrides(p, o), std::nullopt);
  EXPECT_EQ(p.timing.scan_period(), Micros(1000));
}

}  // namespace
}  // namespace tabula::firmware
