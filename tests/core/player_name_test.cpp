// The one name rule (core/player_name.h) and the cuts that never split a
// character (core/utf8_text.h), attacked with the names a hostile or careless
// hand types: bidi overrides, zero-width characters, NUL, C1 controls, broken
// UTF-8, 10 KB names, combining marks.
#include "core/player_name.h"

#include <gtest/gtest.h>

#include <string>

#include "core/utf8_text.h"

namespace tabula::core {
namespace {

TEST(PlayerName, OrdinaryNamesOfAnyScriptPass) {
  for (const char* name : {"Ann", "Zoë", "Łukasz Nowak", "Ōkubo 😀", "Ёлкин", "李小龍", "محمد علي", "Nguyễn Văn An",
                           "O'Brien-Smith", "María Fernanda de los Ángeles García-López", "❤️ Fan"}) {
    EXPECT_EQ(player_name_problem(name), "") << name;
  }
  // Combining marks are text: "é" written as e + U+0301 (NFD), Vietnamese stacks.
  EXPECT_EQ(player_name_problem("Jose\xCC\x81"), "");
  EXPECT_EQ(player_name_problem("A\xCC\x81\xCC\x82\xCC\x83"), "");
  // Exactly 64 characters (here 128 bytes) is allowed: the limit counts characters.
  std::string cyrillic;
  for (int i = 0; i < 64; ++i) cyrillic += "\xD0\x96";  // Ж
  EXPECT_EQ(player_name_problem(cyrillic), "");
}

TEST(PlayerName, ABidiOverrideIsRefusedNamingItsCodeAndPosition) {
  EXPECT_EQ(player_name_problem("Cem\xE2\x80\xAEnna"),
            "holds an invisible format character (U+202E, right-to-left override) at character 4: it hides or "
            "reorders the text shown around it");
  EXPECT_NE(player_name_problem("\xE2\x81\xA6" "Ann").find("(U+2066, directional isolate) at character 1"),
            std::string::npos);
  EXPECT_NE(player_name_problem("Ann\xD8\x9C").find("U+061C"), std::string::npos);
}

TEST(PlayerName, ZeroWidthCharactersThatMakeTwoEqualLookingNamesAreRefused) {
  EXPECT_NE(player_name_problem("An\xE2\x80\x8Bn").find("(U+200B, zero width space) at character 3"), std::string::npos);
  EXPECT_NE(player_name_problem("An\xE2\x80\x8Dn").find("(U+200D, zero width joiner)"), std::string::npos);
  EXPECT_NE(player_name_problem("An\xE2\x80\x8Cn").find("U+200C"), std::string::npos);
  EXPECT_NE(player_name_problem("\xEF\xBB\xBF" "Ann").find("U+FEFF"), std::string::npos);
  EXPECT_NE(player_name_problem("An\xC2\xADn").find("(U+00AD, soft hyphen)"), std::string::npos);
  EXPECT_NE(player_name_problem("Ann\xF3\xA0\x80\x81").find("U+E0001"), std::string::npos);  // a tag character
}

TEST(PlayerName, ControlCharactersC0DelC1AndLineSeparatorsAreRefused) {
  EXPECT_EQ(player_name_problem(std::string("An\0n", 4)), "holds a control character (U+0000, a NUL) at character 3");
  EXPECT_EQ(player_name_problem("Ann\nX"), "holds a control character (U+000A, a line break) at character 4");
  EXPECT_EQ(player_name_problem("Ann\tX"), "holds a control character (U+0009, a tab) at character 4");
  EXPECT_EQ(player_name_problem("Ann\x1B[31m"), "holds a control character (U+001B, an escape) at character 4");
  EXPECT_EQ(player_name_problem("Ann\x7F"), "holds a control character (U+007F) at character 4");
  EXPECT_EQ(player_name_problem("Ann\xC2\x85"), "holds a control character (U+0085, a line break) at character 4");
  EXPECT_EQ(player_name_problem("Ann\xC2\x9B"), "holds a control character (U+009B) at character 4");
  EXPECT_EQ(player_name_problem("Ann\xE2\x80\xA8X"), "holds a control character (U+2028, a line break) at character 4");
  EXPECT_EQ(player_name_problem("Ann\xEF\xBF\xBF"), "holds a noncharacter (U+FFFF) at character 4");
}

TEST(PlayerName, BrokenUtf8IsRefusedNamingTheByte) {
  EXPECT_EQ(player_name_problem("Zo\xEB"), "is not UTF-8 text (byte 3 is 0xEB; write names as UTF-8)");
  EXPECT_NE(player_name_problem("\xC0\xAF").find("byte 1 is 0xC0"), std::string::npos);           // overlong '/'
  EXPECT_NE(player_name_problem("A\xED\xA0\x80").find("byte 2 is 0xED"), std::string::npos);      // a surrogate
  EXPECT_NE(player_name_problem("A\xF4\x90\x80\x80").find("byte 2 is 0xF4"), std::string::npos);  // > U+10FFFF
  EXPECT_NE(player_name_problem("Ann\xE2\x80").find("byte 4 is 0xE2"), std::string::npos);        // cut short
}

TEST(PlayerName, EmptyBlankLongAndSpacedNamesAreRefusedInWords) {
  EXPECT_EQ(player_name_problem(""), "is empty");
  EXPECT_EQ(player_name_problem("   "), "is blank (only spaces)");
  EXPECT_EQ(player_name_problem("\xC2\xA0\xE3\x80\x80"), "is blank (only spaces)");
  EXPECT_EQ(player_name_problem(" Ann"), "begins with a space");
  EXPECT_EQ(player_name_problem("Ann "), "ends with a space");
  EXPECT_EQ(player_name_problem("Ann\xC2\xA0"), "ends with a space (U+00A0)");
  EXPECT_EQ(player_name_problem("Ann Lee"), "");
  EXPECT_EQ(player_name_problem(std::string(65, 'a')), "is 65 characters long; at most 64");
  EXPECT_EQ(player_name_problem(std::string(10240, 'a')), "is 10240 characters long; at most 64");
  std::string zalgo = "Z";
  for (int i = 0; i < 100; ++i) zalgo += "\xCC\x81";  // a hundred combining marks on one letter
  EXPECT_EQ(player_name_problem(zalgo), "is 101 characters long; at most 64");
  EXPECT_EQ(text_problem(std::string(200, 'e'), kMaxLineChars), "");
}

TEST(PlayerName, TypedNamesLoseTheAsciiSpacesAroundThem) {
  EXPECT_EQ(trim_spaces("  Ann Lee "), "Ann Lee");
  EXPECT_EQ(trim_spaces("   "), "");
  EXPECT_EQ(trim_spaces(""), "");
}

TEST(PlayerName, ARecordedNameTheRuleRefusesIsShownWithItsCharactersNamed) {
  EXPECT_EQ(shown_text("Ann"), "Ann");
  EXPECT_EQ(shown_text("Zoë"), "Zoë");
  EXPECT_EQ(shown_text("Cem\xE2\x80\xAEnna"), "Cem<U+202E>nna");
  EXPECT_EQ(shown_text(std::string("An\0n", 4)), "An<U+0000>n");
  EXPECT_EQ(shown_text("Zo\xEB"), "Zo<0xEB>");
  EXPECT_EQ(shown_text("Ann\nX"), "Ann<U+000A>X");
  EXPECT_EQ(shown_text(" Ann "), " Ann ");  // spaces are visible as they are
  EXPECT_EQ(shown_text(""), "");            // an unnamed seat
  EXPECT_EQ(shown_text(std::string(10240, 'a')), std::string(64, 'a') + "...");
  // What is shown holds no refused character (its marks may make it longer).
  for (const std::string& hostile : {std::string("\xE2\x80\xAE\xE2\x80\x8B\x01\xFF"), std::string("a\xC2\x85\xED\xA0\x80")}) {
    EXPECT_EQ(text_problem(shown_text(hostile), 1000), "") << shown_text(hostile);
  }
}

TEST(Utf8Text, CutsNeverSplitACharacter) {
  const std::string s = "a\xC3\xA9\xE6\x9D\x8E\xF0\x9F\x98\x80";  // a é 李 😀: 1 + 2 + 3 + 4 bytes
  EXPECT_EQ(utf8_prefix(s, 2), "a");
  EXPECT_EQ(utf8_prefix(s, 3), "a\xC3\xA9");
  EXPECT_EQ(utf8_prefix(s, 9), "a\xC3\xA9\xE6\x9D\x8E");
  EXPECT_EQ(utf8_prefix_chars(s, 2), "a\xC3\xA9");
  EXPECT_EQ(utf8_prefix_chars(s, 10), s);
  EXPECT_EQ(utf8_drop_last(s), "a\xC3\xA9\xE6\x9D\x8E");
  EXPECT_EQ(utf8_drop_last("\xC3\xA9" "a"), "\xC3\xA9");  // an ASCII last: one byte, not the é before it
  EXPECT_EQ(utf8_drop_last("a\xFF"), "a");                // a stray byte is one
  EXPECT_EQ(utf8_drop_last(""), "");
  EXPECT_EQ(utf8_count(s), 4u);
  EXPECT_EQ(utf8_count("a\xFF\xFE"), 3u);
}

}  // namespace
}  // namespace tabula::core
