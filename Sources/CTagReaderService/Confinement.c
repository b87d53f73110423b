// Confinement.c — what the tag reader helper gives up before it reads a file
// (bl_service_confine, TagReaderService.h): new privileges, then every way to change a
// file (Landlock), then sockets, new processes and other descriptors (seccomp).

#include "TagReaderService.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// MARK: - Reporting

/// Appends "what: why" (with "; " between parts) to the report.
static void refused(char *report, size_t size, const char *what, int error) {
    size_t used = strlen(report);
    if (used + 1 >= size) return;
    snprintf(report + used, size - used, "%s%s: %s", used ? "; " : "", what, strerror(error));
}

// MARK: - Landlock: the file system, read-only

/// Handles every right that writes, makes, removes or runs a file, and grants none: reading
/// stays allowed everywhere, nothing else anywhere. 0, or the errno.
static int restrict_file_system(void) {
#if defined(SYS_landlock_create_ruleset) && defined(SYS_landlock_restrict_self)
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return errno ? errno : ENOSYS;
    struct landlock_ruleset_attr attributes = {
        .handled_access_fs = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                             LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                             LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR |
                             LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK |
                             LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                             LANDLOCK_ACCESS_FS_MAKE_SYM,
    };
#ifdef LANDLOCK_ACCESS_FS_REFER
    if (abi >= 2) attributes.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
#endif
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0);
    if (ruleset < 0) return errno;
    int error = syscall(SYS_landlock_restrict_self, ruleset, 0) == 0 ? 0 : errno;
    close(ruleset);
    return error;
#else
    return ENOSYS;
#endif
}

// MARK: - seccomp: no sockets, processes or writes but the answers

/// Calls that fail with EPERM from now on. A denylist rather than an allowlist: the C
/// library and TagLib may use any call that reads, and a call refused by surprise would
/// cost every file.
static const int denied_calls[] = {
    SCMP_SYS(socket), SCMP_SYS(socketpair), SCMP_SYS(connect), SCMP_SYS(bind), SCMP_SYS(listen),
    SCMP_SYS(accept), SCMP_SYS(accept4), SCMP_SYS(sendto), SCMP_SYS(sendmsg), SCMP_SYS(sendmmsg),
    SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(fork), SCMP_SYS(vfork), SCMP_SYS(clone),
    SCMP_SYS(clone3), SCMP_SYS(ptrace), SCMP_SYS(process_vm_writev), SCMP_SYS(process_vm_readv),
    SCMP_SYS(kill), SCMP_SYS(tkill), SCMP_SYS(unlink), SCMP_SYS(unlinkat), SCMP_SYS(rename),
    SCMP_SYS(renameat), SCMP_SYS(renameat2), SCMP_SYS(mkdir), SCMP_SYS(mkdirat), SCMP_SYS(rmdir),
    SCMP_SYS(truncate), SCMP_SYS(ftruncate), SCMP_SYS(chmod), SCMP_SYS(fchmod), SCMP_SYS(fchmodat),
    SCMP_SYS(chown), SCMP_SYS(fchown), SCMP_SYS(lchown), SCMP_SYS(fchownat), SCMP_SYS(link),
    SCMP_SYS(linkat), SCMP_SYS(symlink), SCMP_SYS(symlinkat), SCMP_SYS(mknod), SCMP_SYS(mknodat),
    SCMP_SYS(setxattr), SCMP_SYS(lsetxattr), SCMP_SYS(fsetxattr), SCMP_SYS(creat),
};

/// 0, or the errno of the first rule the kernel or libseccomp refused.
static int restrict_calls(void) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (!filter) return ENOMEM;
    const uint32_t deny = SCMP_ACT_ERRNO(EPERM);
    int status = 0;
    for (size_t i = 0; i < sizeof denied_calls / sizeof denied_calls[0] && status == 0; i++) {
        status = seccomp_rule_add(filter, deny, denied_calls[i], 0);
    }
    // Opening for anything but reading.
    const unsigned writing[] = {O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND};
    for (size_t i = 0; i < sizeof writing / sizeof writing[0] && status == 0; i++) {
        status = seccomp_rule_add(filter, deny, SCMP_SYS(openat), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, writing[i], writing[i]));
        if (status == 0)
            status = seccomp_rule_add(filter, deny, SCMP_SYS(open), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, writing[i], writing[i]));
    }
    // Writes to anything but the answers (1) and the log (2).
    const int writes[] = {SCMP_SYS(write), SCMP_SYS(writev), SCMP_SYS(pwrite64), SCMP_SYS(pwritev)};
    for (size_t i = 0; i < sizeof writes / sizeof writes[0] && status == 0; i++) {
        status = seccomp_rule_add(filter, deny, writes[i], 1, SCMP_A0(SCMP_CMP_GT, 2));
    }
    if (status == 0) status = seccomp_load(filter);
    seccomp_release(filter);
    return status < 0 ? -status : status;
}

// MARK: - All of it

int bl_service_confine(char *report, size_t report_size) {
    if (report_size) report[0] = '\0';
    int error;
    // Landlock and an unprivileged seccomp filter both need it.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) refused(report, report_size, "no new privileges", errno);
    if ((error = restrict_file_system()) != 0) refused(report, report_size, "read-only file system (Landlock)", error);
    if ((error = restrict_calls()) != 0) refused(report, report_size, "system call filter (seccomp)", error);
    return report_size && report[0] ? 1 : 0;
}
