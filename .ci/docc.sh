#!/usr/bin/env bash
# The DocC catalogs of the library products, BeagleMock, BeagleNetworking and BeagleMockTesting,
# built with the toolchain's `docc` from the package's symbol graphs (public symbols, as an outside
# user sees them), warnings counted as errors: a link to a symbol that is gone or a curation that names none
# fails here. The documentation lands in .build/docc/<Module>.doccarchive.
#
#   .ci/docc.sh
set -euo pipefail
cd "$(dirname "$0")/.."

docc=$(command -v docc || true)
[ -n "$docc" ] || docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
[ -x "$docc" ] || { echo "docc.sh: no docc beside the Swift toolchain" >&2; exit 1; }

# Builds the package (debug) if needed, then writes every module's symbol graph.
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs="$(swift build --show-bin-path)/../symbolgraph"
[ -d "$graphs" ] || { echo "docc.sh: no symbol graphs in $graphs" >&2; exit 1; }

# BeagleMock's public API includes what it re-exports from BeagleMockEngine (CommandLineSettings,
# FlagError, beagleMockVersion) and BeagleMockTLS (TLSSettings): its graph is extracted again with
# those symbols allowed in, which SwiftPM's dump does not ask for. The C modules below it are found
# through their module maps.
bin="$(swift build --show-bin-path)"
maps=()
while IFS= read -r map; do maps+=(-Xcc "-fmodule-map-file=$map"); done < <(find "$bin" -maxdepth 2 -name module.modulemap)
while IFS= read -r include; do maps+=(-Xcc "-I$include"); done < <(find .build/checkouts -type d -name include)
swift-symbolgraph-extract -module-name BeagleMock -target "$(basename "$(dirname "$bin")")" -I "$bin/Modules" \
    "${maps[@]}" -output-dir "$graphs" -minimum-access-level public \
    -experimental-allowed-reexported-modules=BeagleMockEngine,BeagleMockTLS

mkdir -p .build/docc
for module in BeagleMock BeagleNetworking BeagleMockTesting; do
    # One module's graphs alone: its own file and those of its extensions to other modules.
    own=$(mktemp -d)
    cp "$graphs/$module.symbols.json" "$own/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$own/" \;
    "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$own" \
        --fallback-display-name "$module" --fallback-bundle-identifier "beagle-mock.$module" \
        --output-path ".build/docc/$module.doccarchive" --warnings-as-errors
    rm -rf "$own"
    echo "docc: $module built"
done
