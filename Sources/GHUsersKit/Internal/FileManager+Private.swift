import Foundation

extension FileManager {
    /// Creates `url` and its missing parents with mode 0700 (owner only); an existing folder is
    /// left as it is.
    func createPrivateDirectory(at url: URL) throws {
        var isDirectory: ObjCBool = false
        if fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        try createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
