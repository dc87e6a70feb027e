/// A route of a screens folder with every file that can answer it.
package struct ScreenRoute: Sendable, Hashable {
    /// The route (`/catalog`, `/`, `/banner.png`, `/images/beach.jpg`).
    package let path: String
    /// The files that answer it, in path order: plain file, `index` file, platform variants,
    /// method files and their variants.
    package let files: [ScreenFile]

    /// The file a GET without platform gets, if any (`home.json`, `home/index.json`, an asset).
    package var primaryFile: ScreenFile? {
        // `R.json` comes before `R/index.json`, as in resolution.
        files.filter(\.name.isPrimary).min { isIndex($0) == isIndex($1) ? $0.relativePath < $1.relativePath : !isIndex($0) }
    }

    /// The platforms with a GET variant file, in the order IOS, ANDROID, WEB, MOBILE.
    package var variantPlatforms: [BeaglePlatform] {
        let found = Set(files.filter { $0.name.method == nil }.compactMap(\.name.platform))
        return BeaglePlatform.allCases.filter(found.contains)
    }

    /// The methods with a method file (`POST`, `PUT`, `PATCH`, `DELETE`, in that order).
    package var bodyMethods: [String] {
        let found = Set(files.compactMap(\.name.method))
        return ScreenFileName.bodyMethods.filter(found.contains)
    }

    private func isIndex(_ file: ScreenFile) -> Bool {
        let stem = file.relativePath.hasSuffix(".json") ? String(file.relativePath.dropLast(5)) : file.relativePath
        return stem == "index" || stem.hasSuffix("/index")
    }
}
