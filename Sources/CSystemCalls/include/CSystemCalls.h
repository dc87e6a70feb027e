#ifndef C_SYSTEM_CALLS_H
#define C_SYSTEM_CALLS_H

/// Opens `path` with `flags` only when no component of it is a symbolic link: Linux's openat2(2)
/// with RESOLVE_NO_SYMLINKS, which Swift cannot call itself (`syscall` is variadic).
///
/// Returns the descriptor, or -1 with errno set: ELOOP when a component is a symbolic link,
/// ENOSYS when the kernel (or a container's seccomp filter) does not offer openat2, open's usual
/// errors otherwise. Once openat2 has been refused, later calls return ENOSYS at once. Elsewhere
/// than on Linux, always -1 with ENOSYS.
int beagle_open_without_symlinks(const char *path, int flags);

/// The type of the file system holding `path` (statfs(2)'s f_type: 0xEF53 for ext2/3/4, 0x01021994
/// for tmpfs…), or -1 with errno set when it cannot be asked. Elsewhere than on Linux, always -1
/// with ENOSYS.
long beagle_file_system_type(const char *path);

/// An epoll set (close-on-exec) asking whether `inotify` is readable or the mount table read
/// through `mounts` (an open `/proc/self/mountinfo`) changed; -1 with errno set on failure.
/// Elsewhere than on Linux, always -1 with ENOSYS.
int beagle_change_set_create(int inotify, int mounts);

/// Asks `set` without waiting: a bit mask of 1 (inotify readable) and 2 (the mount table
/// changed), 0 for nothing, -1 with errno set on failure.
int beagle_change_set_poll(int set, int mounts);

/// Waits up to `milliseconds` for `set` to have something to read, without reading it: the
/// number of descriptors ready (0 when the time ran out), -1 with errno set on failure.
int beagle_change_set_wait(int set, int milliseconds);

/// Flushes to disk what was written to the file system holding the open `descriptor`: Linux's
/// syncfs(2), one call for a folder of many files written without fsync each. Elsewhere than on
/// Linux, fsync(2) of the descriptor. 0, or -1 with errno set.
int beagle_flush_file_system(int descriptor);

#endif
