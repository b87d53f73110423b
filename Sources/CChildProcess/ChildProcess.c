// ChildProcess.c — starting a helper behind a socket, and talking to it with deadlines
// (ChildProcess.h).

#define _GNU_SOURCE
#include "ChildProcess.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

// MARK: - Starting

pid_t bl_child_spawn(const char *executable, int *channel) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the copies; the originals close at exec.
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO);
    // Nothing else of the app's: a descriptor another thread opened without close-on-exec
    // (a pipe to a process it waits on) kept open in an idle helper would keep that pipe
    // from ever ending.
    posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
    // The app's signal mask and handlers stay its own.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *const argv[] = {(char *)executable, NULL};
    pid_t child = -1;
    int error = posix_spawn(&child, executable, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(ends[1]);
    if (error != 0) {
        close(ends[0]);
        errno = error;
        return -1;
    }
    *channel = ends[0];
    return child;
}

// MARK: - Talking

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

int bl_child_receive(int channel, void *buffer, size_t size, int timeout_ms) {
    const long long deadline = now_ms() + timeout_ms;
    size_t done = 0;
    while (done < size) {
        // What has arrived already is taken without a wait (the common case: the helper
        // answered while the last answer was taken in).
        ssize_t got = recv(channel, (char *)buffer + done, size - done, MSG_DONTWAIT);
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            long long left = deadline - now_ms();
            if (left <= 0) return BL_CHILD_TIMED_OUT;
            struct pollfd wait_for = {.fd = channel, .events = POLLIN};
            int ready = poll(&wait_for, 1, (int)left);
            if (ready < 0 && errno == EINTR) continue;
            if (ready < 0) return BL_CHILD_FAILED;
            if (ready == 0) return BL_CHILD_TIMED_OUT;
            continue;
        }
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return errno == ECONNRESET ? BL_CHILD_ENDED : BL_CHILD_FAILED;
        if (got == 0) return BL_CHILD_ENDED;
        done += (size_t)got;
    }
    return BL_CHILD_OK;
}

int bl_child_send(int channel, const void *buffer, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t put = send(channel, (const char *)buffer + done, size - done, MSG_NOSIGNAL);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return -1;
        done += (size_t)put;
    }
    return 0;
}

// MARK: - Ending

void bl_child_kill(pid_t child, int channel) {
    if (child > 0) kill(child, SIGKILL);
    if (channel >= 0) close(channel);
}

static int ended_by(int status) {
    if (WIFSIGNALED(status)) return WTERMSIG(status);
    return 0;
}

int bl_child_reap(pid_t child) {
    int status;
    pid_t reaped;
    do reaped = waitpid(child, &status, WNOHANG);
    while (reaped < 0 && errno == EINTR);
    return reaped == child ? ended_by(status) : -1;
}

int bl_child_reap_waiting(pid_t child, int timeout_ms) {
    int signal = bl_child_reap(child);
    if (signal >= 0) return signal;
    // Woken when it ends (a process descriptor polls readable then), not by a clock.
    int ended = (int)syscall(SYS_pidfd_open, child, 0);
    if (ended < 0) return -1;
    struct pollfd wait_for = {.fd = ended, .events = POLLIN};
    int ready;
    do ready = poll(&wait_for, 1, timeout_ms);
    while (ready < 0 && errno == EINTR);
    close(ended);
    return ready > 0 ? bl_child_reap(child) : -1;
}
