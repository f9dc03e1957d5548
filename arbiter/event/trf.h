// trf.h — FIDE TRF-16 (Tournament Report File, FIDE Handbook C.04 Annex 2)
// for two-player sections, and the pairings pairing programs give back
// (issue 35). The layout below is the 2016 specification's as pairing
// programs read it (checked against bbpPairings' reader, src/fileformats/
// trf.cpp; the FIDE PDF itself was not reachable from here):
//
//   012 Tournament name (free text after column 4)          other ??2 lines kept verbatim
//   XXR N   number of rounds (the JaVaFo/bbpPairings extension; 142 in TRF-2026)
//   001 line, columns (1-based):
//     1-3 "001"   5-8 start number (right-aligned)   10 sex   11-13 title
//     15-47 name (left)   49-52 rating (right, blank = unrated)   54-56 federation
//     58-68 FIDE id   70-79 birth date   81-84 points ("%4.1f")   86-89 rank (right)
//     then one block of 10 columns per round from column 92: 92-95 opponent's
//     start number (right; "0000" for none), 97 colour (w, b, or - for no
//     game), 99 result (1 0 = win/loss/draw; + - forfeit win/loss; W D L
//     unrated games; H half-point bye, F full-point bye, U pairing-allocated
//     bye, Z zero-point bye; blank for a game not yet played)
// Columns are characters (code points of the UTF-8 text), not bytes (s14):
// bbpPairings decodes each line into code points before it takes columns,
// JaVaFo takes them from Java strings; so a name is cut at 33 characters
// (15-47) and a Cyrillic name does not push the rating out of 49-52.
// A forfeit win is "+" whatever it is worth; a house rule's other value
// (--forfeit-points) is given by TRF-2026's record 299 (abnormal_forfeit_line).
// Lines are written without trailing spaces; the file's line ending (LF or
// CR LF) is kept. Any other line (comments "###", 013 teams, XXC, 132
// round dates) is kept verbatim, so a file read and written again is the
// same bytes, as long as its numbers are written the way the spec writes
// them (right-aligned, no leading zeros: "   5", not "0005", which is read).
//
// Pairings back: either a TRF whose players have one more round (opponent and
// colour, no result), as Swiss-Manager and JaVaFo write it, or the pairing
// list JaVaFo and bbpPairings print with -p: the number of pairs on the first
// line, then "WHITE BLACK" start numbers, "N 0" for a bye.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "event/event.h"

namespace tabula::event {

struct TrfGame {
  int opponent = 0;   // start number; 0 = no opponent ("0000" or blank)
  bool blank_opponent = false;
  char colour = ' ';  // 'w', 'b', '-', ' '
  char result = ' ';
};

struct TrfPlayer {
  int number = 0;
  std::string sex_title;  // columns 10-13 verbatim
  std::string name;
  int rating = 0;         // 0 = blank
  std::string federation, fide_id, birth;  // verbatim
  double points = 0;
  int rank = 0;           // 0 = blank
  std::vector<TrfGame> games;
};

struct TrfDocument {
  // Every line in order: a player line is its index in `players`, others text.
  struct Line {
    int player = -1;
    std::string text;
  };
  std::vector<Line> lines;
  std::vector<TrfPlayer> players;
  bool crlf = false;
  bool final_newline = true;
};

// Parses a TRF; nullopt and `error` ("line 7, column 92: opponent 'x7' is not a number").
std::optional<TrfDocument> parse_trf(const std::string& text, std::string& error);
std::string write_trf(const TrfDocument& doc);

// A two-player section's rounds as a TRF (start number = registration order).
TrfDocument trf_of(const Event& e, const Section& s);

// The TRF-2026 record 299 line that gives round `r`'s (0-based) forfeit wins
// their points when a house rule makes them worth other than a win (trf.cpp;
// TRF-16 has "+" and no points for it); empty when there is none. trf_of
// writes these after the 001 lines.
std::string abnormal_forfeit_line(const Section& s, std::size_t r);

// The next round from a pairing program's answer (either form above). Every
// player not withdrawn must be paired or given the bye exactly once; an error
// names the line and what is wrong. Tables take `boards` in order.
struct PairingImport {
  Round round;
  std::string error;
  bool ok() const { return error.empty(); }
};
PairingImport import_pairings(const Section& s, const std::string& text, const std::vector<std::string>& boards);

}  // namespace tabula::event
