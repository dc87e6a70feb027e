#include "CSystemCalls.h"

#include <errno.h>

#if defined(__linux__)
#include <fcntl.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

// <linux/openat2.h>, spelled out so that older kernel headers build too.
struct beagle_open_how {
    uint64_t flags;
    uint64_t mode;
    uint64_t resolve;
};
#define BEAGLE_RESOLVE_NO_SYMLINKS 0x04

static _Atomic int openat2_refused = 0;

int beagle_open_without_symlinks(const char *path, int flags) {
    if (openat2_refused) {
        errno = ENOSYS;
        return -1;
    }
    struct beagle_open_how how = {.flags = (uint64_t)(unsigned int)flags, .mode = 0, .resolve = BEAGLE_RESOLVE_NO_SYMLINKS};
    long descriptor = syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
    // Kernels before 5.6 answer ENOSYS; some seccomp filters answer EPERM for calls they do not
    // know. Either way, the caller opens the old way from now on.
    if (descriptor < 0 && (errno == ENOSYS || errno == EPERM)) {
        openat2_refused = 1;
        errno = ENOSYS;
    }
    return (int)descriptor;
}

long beagle_file_system_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long)info.f_type;
}
#else
int beagle_open_without_symlinks(const char *path, int flags) {
    (void)path;
    (void)flags;
    errno = ENOSYS;
    return -1;
}

long beagle_file_system_type(const char *path) {
    (void)path;
    errno = ENOSYS;
    return -1;
}
#endif
