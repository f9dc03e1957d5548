// replace_file.h — a file written whole or not at all, never through a
// planted link: `DEST.tmp` is removed and made anew (O_EXCL | O_NOFOLLOW: a
// symbolic link planted there, to the journal or any file of the user's, had
// its target truncated and written; sessions 13 and 15), written, fsynced,
// then renamed over DEST. Used by the journal's export (`tabula archive
// export --out`) and the event file (arbiter/event/event_file.cpp).
#pragma once

#include <string>
#include <string_view>

namespace tabula::journal {

// "" when DEST holds `text`; else why not (strerror's words), with DEST as it
// was and DEST.tmp removed.
std::string replace_file(const std::string& dest, std::string_view text);

}  // namespace tabula::journal
