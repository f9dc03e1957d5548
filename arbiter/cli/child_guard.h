// child_guard.h — engine child processes do not outlive the shell that
// started them (issue 32: a `tabula match` killed by a signal left its
// 4pchess child running).
//
// Two layers, because no single one covers every way to die:
//  - guard_child(pid) registers a child; the first call installs handlers
//    for SIGINT, SIGTERM and SIGHUP (only where the program left the
//    default action: a program with its own handler keeps it and cleans up
//    through its destructors) that SIGKILL every registered child and then
//    die of the same signal (default action, re-raised), so the exit status
//    still says which signal it was. The registry is a fixed array of
//    atomics: the handler does nothing but kill(), signal() and raise(),
//    which are async-signal-safe.
//  - in_child_after_fork() is called by the child between fork and exec: it
//    asks Linux to SIGKILL the child when its parent dies (PR_SET_PDEATHSIG),
//    which also covers a parent killed by SIGKILL, where no handler runs,
//    and a signal that arrives between fork and guard_child().
// release_child(pid) unregisters a child the shell has reaped itself.
#pragma once

#include <sys/types.h>

namespace tabula::cli {

// Registers `pid` (a live child). False if the registry is full (32
// children; the child is still covered by the parent-death signal).
bool guard_child(pid_t pid);
void release_child(pid_t pid);
// In the child, after fork() and before exec(): dies with its parent.
// `parent` is the pid before fork; if the parent is already gone, exits.
void in_child_after_fork(pid_t parent);

}  // namespace tabula::cli
