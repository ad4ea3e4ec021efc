// The platform's SQLite (Debian: libsqlite3-dev; macOS: the SDK's or Homebrew's), found through
// pkg-config's sqlite3. ScrollSimHistory is the only target that uses it.
#ifndef SCROLLSIM_SQLITE_SHIM_H
#define SCROLLSIM_SQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
/// binding text with it makes SQLite copy the bytes before the call returns.
static inline sqlite3_destructor_type scrollsim_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
