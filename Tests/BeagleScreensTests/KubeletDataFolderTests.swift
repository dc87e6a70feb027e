import Testing

@testable import BeagleScreens

/// The kubelet's data folder names (Docs/Kubernetes.md): the one hidden name a served folder is read
/// through, and no other.
@Suite struct KubeletDataFolderTests {
    @Test(arguments: ["..2026_11_28_12_00_00.1", "..2026_11_28_12_00_00.4294967295", "..1999_01_02_03_04_05.0123"])
    func theKubeletsNamesAreDataFolders(name: String) {
        #expect(KubeletDataFolder.isDataFolderName(name.utf8))
    }

    @Test(arguments: [
        "..data", "..data_tmp", ".git", ".env", "..", ".", "", "..2026_11_28_12_00_00.", "..2026_11_28_12_00_00",
        "..2026_11_28_12_00_00.12a", ".2026_11_28_12_00_00.1", "..2026-11-28_12_00_00.1", "..2026_11_28_12_00_0.12",
        "...2026_11_28_12_00_00.1", "..2026_11_28_12_00_00.1/x",
    ])
    func otherNamesAreNot(name: String) {
        #expect(!KubeletDataFolder.isDataFolderName(name.utf8))
    }
}
