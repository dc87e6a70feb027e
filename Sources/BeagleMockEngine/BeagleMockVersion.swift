/// The version of beagle-mock, shown by `--version`, the banner and `/__admin/health`.
public let beagleMockVersion = "0.1.0"
