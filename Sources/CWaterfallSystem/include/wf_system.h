#ifndef WF_SYSTEM_H
#define WF_SYSTEM_H

/// How a path beneath a folder descriptor may be resolved (openat2's RESOLVE_* flags).
enum {
    /// `..` may not leave the folder, nor may an absolute path or link.
    WF_RESOLVE_BENEATH = 0x08,
    /// No /proc/self/fd-style magic link is followed.
    WF_RESOLVE_NO_MAGICLINKS = 0x02,
    /// No symbolic link at all is followed.
    WF_RESOLVE_NO_SYMLINKS = 0x04,
};

/// openat2(2): opens `path` beneath `directory` with `flags` and `mode`, resolved under
/// `resolve`; returns the descriptor, or -1 with errno set (ENOSYS where the kernel or the
/// platform has no openat2).
int wf_openat2(int directory, const char *path, int flags, unsigned int mode, unsigned long long resolve);

/// memfd_create(2) on Linux: an anonymous file that lives while a descriptor refers to it;
/// -1 with errno ENOSYS elsewhere.
int wf_memfd_create(const char *name);

#endif
