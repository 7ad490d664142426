import Glibc

/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29) and
/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which Swift's
/// Glibc module does not show: looked up once, for tests that start
/// children with `posix_spawn` (not Foundation's `Process`, whose `select`
/// loop writes past its `fd_set` in a test process holding more than 1,024
/// descriptors).
public enum SpawnActions {
    public static let addChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()
    public static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
