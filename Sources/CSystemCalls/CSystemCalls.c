#include "CSystemCalls.h"

#include <errno.h>

#if defined(__linux__)
#include <fcntl.h>
#include <stdint.h>
#include <sys/epoll.h>
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

// In C: struct epoll_event is packed on x86-64, which Swift cannot declare.
int beagle_change_set_create(int inotify, int mounts) {
    int set = epoll_create1(EPOLL_CLOEXEC);
    if (set < 0) return -1;
    struct epoll_event files = {.events = EPOLLIN, .data.fd = inotify};
    struct epoll_event table = {.events = EPOLLPRI, .data.fd = mounts};
    if (epoll_ctl(set, EPOLL_CTL_ADD, inotify, &files) != 0 || epoll_ctl(set, EPOLL_CTL_ADD, mounts, &table) != 0) {
        int saved = errno;
        close(set);
        errno = saved;
        return -1;
    }
    return set;
}

int beagle_change_set_poll(int set, int mounts) {
    struct epoll_event ready[2];
    int count = epoll_wait(set, ready, 2, 0);
    if (count < 0) return -1;
    int mask = 0;
    for (int i = 0; i < count; i++) mask |= ready[i].data.fd == mounts ? 2 : 1;
    return mask;
}

int beagle_change_set_wait(int set, int milliseconds) {
    struct epoll_event ready[2];
    int count;
    do {
        count = epoll_wait(set, ready, 2, milliseconds);
    } while (count < 0 && errno == EINTR);
    return count;
}

int beagle_flush_file_system(int descriptor) {
    return (int)syscall(SYS_syncfs, descriptor);
}

#else
#include <unistd.h>

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

int beagle_change_set_create(int inotify, int mounts) {
    (void)inotify;
    (void)mounts;
    errno = ENOSYS;
    return -1;
}

int beagle_change_set_poll(int set, int mounts) {
    (void)set;
    (void)mounts;
    errno = ENOSYS;
    return -1;
}

int beagle_change_set_wait(int set, int milliseconds) {
    (void)set;
    (void)milliseconds;
    errno = ENOSYS;
    return -1;
}

int beagle_flush_file_system(int descriptor) {
    return fsync(descriptor);
}
#endif
