import BeagleScreens

extension ScreenFolderError {
    /// The error in one line, naming the folders as the user typed them (`directory`, and
    /// `images` when given).
    func message(directory: String, images: String? = nil) -> String {
        switch self {
        case .folderNotFound: "screens folder '\(directory)' does not exist"
        case .notAFolder: "'\(directory)' is a file, not a screens folder"
        case .imagesFolderNotFound: "images folder '\(images ?? "")' does not exist"
        case .unreadable(_, let reason): "cannot read '\(directory)': \(reason)"
        }
    }
}
