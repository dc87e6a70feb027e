import BeagleMockTLS

extension TLSSettings {
    /// What no folder serves (``WithheldPaths``): the TLS folder and the key files in and beside it.
    package func withheldPaths(servedRoots roots: [String]) -> WithheldPaths {
        let folder = folderInForce
        let keys =
            (folder.map { folder in TLSFolder.keyFileNames.map { folder + "/" + $0 } } ?? []) + (keyFile.map { [$0] } ?? [])
        return WithheldPaths(folders: folder.map { [$0] } ?? [], files: keys, roots: roots)
    }

    /// A warning for each secret of these settings that lies inside a served folder (`roots`, by
    /// name and real path): it is not served, but it should not be there.
    package func placementWarnings(servedRoots roots: [(name: String, path: String)]) -> [String] {
        var warnings: [String] = []
        for (name, root) in roots {
            if let folder = folderInForce, WithheldPaths.lies(folder, inside: root) {
                warnings.append(
                    "the TLS folder \(folder) is inside the \(name) folder: nothing in it is served or listed, but keep the CA's key out of served folders (--tls-dir)"
                )
            }
            if let keyFile, WithheldPaths.lies(keyFile, inside: root) {
                warnings.append(
                    "the key \(keyFile) is inside the \(name) folder: it is never served, but keep keys out of served folders (--tls-key)"
                )
            }
        }
        return warnings
    }
}
