// TEMPORARY pass-through until the screens branch lands with the real filter.
public enum PlatformFilter {
    public static func filter(_ bytes: [UInt8], for platform: BeaglePlatform) -> [UInt8] { bytes }
}
