import Testing
import CMemory

/// The executables keep the memory they free (CMemory's shim.h). glibc's `mallopt` refuses a
/// setting out of its range (a mapping threshold over 32 MB, for one) and says so: both must
/// take, or the executables would run with the defaults unnoticed.
@Suite struct MemorySettingsTests {
    @Test func glibcTakesBothAllocatorSettings() {
        #if canImport(Glibc)
        #expect(strut_keep_freed_memory() == 1)
        #endif
    }
}
