// libFuzzer's driver, from the toolchain's clang runtime
// (lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a), which `swiftc
// -sanitize=fuzzer` links. Declared here because the toolchain ships no
// header for it; see compiler-rt's FuzzerInterface.h.
#ifndef SWITCHYARD_CLIBFUZZER_SHIM_H
#define SWITCHYARD_CLIBFUZZER_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv` (the options and
/// corpus directories of a libFuzzer binary), calling `callback` once per
/// input. Returns the process exit status libFuzzer would use.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
