/*
 * ChildProcess.h — a helper process with a socket on its standard input and output,
 * for LibraryCore's tag reader pool: started, spoken to with deadlines, killed and
 * reaped. Plain file descriptors and process ids cross into Swift; no pointer is kept.
 */
#ifndef BL_CHILD_PROCESS_H
#define BL_CHILD_PROCESS_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts `executable` (no arguments, the app's environment and standard error, no other
/// descriptor of the app's) with one end of a socket pair as its standard input and output. Returns its process id and puts
/// the other end in `*channel` (close-on-exec); -1 with errno set on failure.
pid_t bl_child_spawn(const char *executable, int *channel);

/// Results of bl_child_receive().
enum { BL_CHILD_OK = 0, BL_CHILD_ENDED = 1, BL_CHILD_TIMED_OUT = 2, BL_CHILD_FAILED = 3 };

/// Reads exactly `size` bytes from `channel` into `buffer`, waiting at most `timeout_ms`
/// in all. BL_CHILD_ENDED when the other side closed it first.
int bl_child_receive(int channel, void *buffer, size_t size, int timeout_ms);

/// Writes all of `buffer` (no SIGPIPE when the child is gone). 0 on success.
int bl_child_send(int channel, const void *buffer, size_t size);

/// Kills the child (SIGKILL) and closes `channel`.
void bl_child_kill(pid_t child, int channel);

/// Reaps the child if it ended, without waiting. Returns the signal that ended it, 0 when
/// it exited, -1 when it is still running (or was reaped already).
int bl_child_reap(pid_t child);

/// Reaps the child, waiting at most `timeout_ms`. As bl_child_reap().
int bl_child_reap_waiting(pid_t child, int timeout_ms);

#ifdef __cplusplus
}
#endif

#endif /* BL_CHILD_PROCESS_H */
