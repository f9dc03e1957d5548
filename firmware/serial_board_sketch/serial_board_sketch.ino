// serial_board_sketch.ino: the reference firmware of a microcontroller chess
// board for tabula-boardd's serial backend (`--backend serial`, the Tabula line
// protocol of docs/firmware.md, "Serial boards").
//
// NOT COMPILED IN CI: it needs the Arduino toolchain, which the project does
// not install. Built by hand with the Arduino IDE or arduino-cli for an
// Arduino Uno/Nano (ATmega328P) or a Raspberry Pi Pico (RP2040, the
// arduino-pico core); it uses only digitalRead/digitalWrite, millis and Serial.
//
// Hardware: 64 reed switches (or digital hall sensors) on eight 74HC165
// parallel-in/serial-out shift registers in a chain. Each sensor input has a
// 10 k pull-up to VCC; a magnet closes the reed and pulls the input low.
// Chip 0 (nearest the microcontroller's data pin) holds rank 1, its D7..D0
// files a..h; chip 7 holds rank 8. Wiring:
//   74HC165 pin 1  SH/LD (all chips)  -> PIN_LOAD
//   74HC165 pin 2  CLK   (all chips)  -> PIN_CLOCK
//   74HC165 pin 15 CLK INH (all)      -> GND
//   74HC165 pin 9  QH of chip 0       -> PIN_DATA
//   74HC165 pin 10 SER of chip n      <- QH of chip n+1 (chip 7: GND)
// On an RP2040 (3.3 V) power the 74HC165s from 3V3.
//
// Other sensors (analog hall sensors behind a CD74HC4067 multiplexer): replace
// read_sensors() with one that selects each channel, reads analogRead() and
// compares it with a threshold; everything else stays.
//
// Protocol (what this sends, one line each, `<body>*<XX>` with XX the XOR of
// the body's bytes in two hex digits, then "\n"):
//   H <ms> tabula-serial-board 1 TBL1   at start
//   F <ms> <square> ...                 the whole board, at start and on request
//   + <ms> <square> / - <ms> <square>   a square became occupied / empty
//   E <ms> <text>                       a fault it can see (here: an open chain)
// It reads "F?*79" from the host: send the whole board now.

const uint8_t PIN_LOAD = 8;
const uint8_t PIN_CLOCK = 9;
const uint8_t PIN_DATA = 10;
const uint8_t SENSORS = 64;
const unsigned long STABLE_MS = 5;  // a raw change must hold this long (contact bounce)

// Sensor bit i (in shift order) -> square name. Bit 0 is the first bit
// shifted out: chip 0's D7. Edit this table to match your wiring.
const char* const SQUARE[SENSORS] = {
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"};

bool reported[SENSORS];   // what the host was told
bool raw[SENSORS];        // the last reading
unsigned long changed_at[SENSORS];
char line[700];
uint16_t line_len = 0;
char input[16];
uint8_t input_len = 0;
bool chain_fault = false;

// Reads all 64 sensors: true = occupied (input pulled low).
void read_sensors(bool* occupied) {
  digitalWrite(PIN_LOAD, LOW);  // latch the parallel inputs
  delayMicroseconds(5);
  digitalWrite(PIN_LOAD, HIGH);
  for (uint8_t i = 0; i < SENSORS; ++i) {
    occupied[i] = digitalRead(PIN_DATA) == LOW;
    digitalWrite(PIN_CLOCK, HIGH);
    delayMicroseconds(2);
    digitalWrite(PIN_CLOCK, LOW);
  }
}

void begin_line(char kind) {
  line_len = 0;
  line[line_len++] = kind;
  line[line_len++] = ' ';
  line_len += snprintf(line + line_len, sizeof line - line_len, "%lu", millis());
}

void add_word(const char* word) {
  line[line_len++] = ' ';
  while (*word && line_len < sizeof line - 8) line[line_len++] = *word++;
}

void send_line() {
  uint8_t sum = 0;
  for (uint16_t i = 0; i < line_len; ++i) sum ^= static_cast<uint8_t>(line[i]);
  line_len += snprintf(line + line_len, sizeof line - line_len, "*%02X\n", sum);
  Serial.write(reinterpret_cast<const uint8_t*>(line), line_len);
}

void send_whole_board() {
  begin_line('F');
  for (uint8_t i = 0; i < SENSORS; ++i)
    if (reported[i]) add_word(SQUARE[i]);
  send_line();
}

void setup() {
  pinMode(PIN_LOAD, OUTPUT);
  pinMode(PIN_CLOCK, OUTPUT);
  pinMode(PIN_DATA, INPUT_PULLUP);  // an open chain reads high: every square empty
  digitalWrite(PIN_LOAD, HIGH);
  digitalWrite(PIN_CLOCK, LOW);
  Serial.begin(115200);
  while (!Serial && millis() < 2000) {
  }  // USB boards: wait a little for the host
  read_sensors(raw);
  for (uint8_t i = 0; i < SENSORS; ++i) {
    reported[i] = raw[i];
    changed_at[i] = millis();
  }
  begin_line('H');
  add_word("tabula-serial-board 1 TBL1");
  send_line();
  send_whole_board();
}

void read_host() {
  while (Serial.available() > 0) {
    const char c = static_cast<char>(Serial.read());
    if (c == '\n') {
      input[input_len] = 0;
      if (input_len >= 2 && input[0] == 'F' && input[1] == '?') send_whole_board();
      input_len = 0;
    } else if (c != '\r' && input_len < sizeof input - 1) {
      input[input_len++] = c;
    }
  }
}

void loop() {
  read_host();
  bool now[SENSORS];
  read_sensors(now);
  const unsigned long t = millis();
  bool all = true;
  for (uint8_t i = 0; i < SENSORS; ++i) {
    all = all && now[i];
    if (now[i] != raw[i]) {
      raw[i] = now[i];
      changed_at[i] = t;
    } else if (raw[i] != reported[i] && t - changed_at[i] >= STABLE_MS) {
      reported[i] = raw[i];
      begin_line(reported[i] ? '+' : '-');
      add_word(SQUARE[i]);
      send_line();
    }
  }
  // Every sensor "occupied" at once is a chain stuck low (a short, or no power
  // on the 74HC165s), not a position: say so once.
  if (all && !chain_fault) {
    begin_line('E');
    add_word("every sensor reads occupied: is the 74HC165 chain powered?");
    send_line();
  }
  chain_fault = all;
}
