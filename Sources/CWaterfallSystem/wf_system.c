#define _GNU_SOURCE
// The two system calls the Swift standard library cannot reach: glibc's syscall() is variadic,
// and Swift does not import variadic C functions.
#include "wf_system.h"

#include <errno.h>

#if defined(__linux__)
#include <linux/openat2.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int wf_openat2(int directory, const char *path, int flags, unsigned int mode, unsigned long long resolve) {
#if defined(SYS_openat2)
    struct open_how how = {.flags = (unsigned long long)(unsigned int)flags, .mode = mode, .resolve = resolve};
    return (int)syscall(SYS_openat2, directory, path, &how, sizeof how);
#else
    (void)directory; (void)path; (void)flags; (void)mode; (void)resolve;
    errno = ENOSYS;
    return -1;
#endif
}

int wf_memfd_create(const char *name) {
#if defined(SYS_memfd_create)
    return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC);
#else
    (void)name;
    errno = ENOSYS;
    return -1;
#endif
}
#else
int wf_openat2(int directory, const char *path, int flags, unsigned int mode, unsigned long long resolve) {
    (void)directory; (void)path; (void)flags; (void)mode; (void)resolve;
    errno = ENOSYS;
    return -1;
}

int wf_memfd_create(const char *name) {
    (void)name;
    errno = ENOSYS;
    return -1;
}
#endif
