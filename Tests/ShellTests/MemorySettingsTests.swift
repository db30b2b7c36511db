import Testing
import CMemory

/// The executables keep the memory they free (CMemory's shim.h). glibc's `mallopt` returns 0
/// for a setting it does not take: both must take, or the executables would run with the
/// defaults unnoticed.
@Suite struct MemorySettingsTests {
    @Test func glibcTakesBothAllocatorSettings() {
        #if canImport(Glibc)
        #expect(strut_keep_freed_memory() == 1)
        #endif
    }
}
