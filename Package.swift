// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "EffectEngine",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "EffectEngine", targets: ["EffectEngine"]),
    ],
    targets: [
        .target(name: "EffectEngine"),
        .testTarget(name: "EffectEngineTests", dependencies: ["EffectEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
