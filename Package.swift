// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "EffectEngine",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "EffectEngine", targets: ["EffectEngine"]),
        .library(name: "EffectEngineTesting", targets: ["EffectEngineTesting"]),
        .library(name: "EffectEngineCLI", targets: ["EffectEngineCLI"]),
        .executable(name: "counter", targets: ["CounterExample"]),
    ],
    targets: [
        .target(name: "EffectEngine"),
        .testTarget(name: "EffectEngineTests", dependencies: ["EffectEngine"]),
        .executableTarget(name: "EffectEngineBenchmarks", dependencies: ["EffectEngine"], path: "Benchmarks"),
        .target(name: "EffectEngineTesting", dependencies: ["EffectEngine"]),
        .testTarget(name: "EffectEngineTestingTests", dependencies: ["EffectEngineTesting"]),
        .target(name: "EffectEngineCLI", dependencies: ["EffectEngine"]),
        .testTarget(name: "EffectEngineCLITests", dependencies: ["EffectEngineCLI"]),
        .executableTarget(
            name: "CounterExample", dependencies: ["EffectEngine", "EffectEngineCLI"], path: "Examples/Counter"),
    ],
    swiftLanguageModes: [.v6]
)
