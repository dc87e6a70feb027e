# Homebrew formula for beagle-mock, built from source on a Mac.
#
# The project publishes no release archive, so the formula only has a HEAD build: it builds the
# `main` branch of the tap it is read from, and a tap of a clone of this repository is that clone.
# From the root of your clone:
#
#   brew tap beagle-mock/local "$PWD"
#   brew install --HEAD beagle-mock/local/beagle-mock
#
# Docs/Installing.md#homebrew has the details: updating, testing, removing.
class BeagleMock < Formula
  desc "Mock BFF for Beagle server-driven UI apps, with latency and faults"
  homepage "file://#{File.expand_path("../README.md", __dir__)}"
  license "Apache-2.0"

  # This file is Formula/beagle-mock.rb in the tap's clone of the repository: build that clone.
  head "file://#{File.expand_path("..", __dir__)}", branch: "main", using: :git

  # Package.swift: swift-tools-version 6.2 (Xcode 26 or later) and platforms macOS 15.
  depends_on xcode: ["26.0", :build]
  depends_on macos: :sequoia

  def install
    # Homebrew builds inside its own sandbox; SwiftPM's sandbox cannot run inside it.
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "beagle-mock"
    bin.install ".build/release/beagle-mock"
    # `beagle-mock --generate-completion-script bash|zsh|fish`
    generate_completions_from_executable(bin/"beagle-mock", "--generate-completion-script")
  end

  test do
    assert_match(/^\d+\.\d+\.\d+$/, shell_output("#{bin}/beagle-mock --version"))
    (testpath/"screens/home.json").write <<~JSON
      {"_beagleComponent_": "beagle:text", "text": "Hello"}
    JSON
    assert_match "1 file checked: 0 errors, 0 warnings",
                 shell_output("#{bin}/beagle-mock validate #{testpath}/screens")
  end
end
