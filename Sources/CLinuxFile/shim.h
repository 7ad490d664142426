// The Linux file calls the switchyard tool needs that Swift's Glibc module
// does not show: glibc declares them in <fcntl.h> only under _GNU_SOURCE,
// which that module is built without. Declared here as glibc declares them
// on 64-bit Linux (off64_t is a 64-bit signed integer); they are in libc,
// so nothing is linked. See sync_file_range(2).
#include <stdint.h>

// Start writing out the range's dirty pages now; do not wait for them.
#define CLINUXFILE_SYNC_FILE_RANGE_WRITE 2u

int sync_file_range(int fd, int64_t offset, int64_t nbytes, unsigned int flags);
