# Sourced by the setup, quick start and test scripts: makes `node` the Node.js release in .nvmrc (the major that
# package.json's engines and the Dockerfile name). On a machine whose own node is another major, the official build
# of that release is fetched once from the npm registry (the node-linux-<arch> package: the binary and the headers
# native addons such as better-sqlite3 compile against) into .tools/, and put first on PATH for the rest of the
# script. npm itself stays the machine's; it runs on whichever node is first on PATH.
mapr_use_node() {
  local wanted major arch dir tmp
  wanted=$(tr -d ' v\n' <.nvmrc)
  major=${wanted%%.*}
  if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true)" = "$major" ]; then
    return 0
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "No Node $major for $(uname -m) on the npm registry: install Node $wanted and run this again." >&2
      return 1
      ;;
  esac
  dir="$PWD/.tools/node-v$wanted-linux-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "This machine's node is $(node -v 2>/dev/null || echo 'missing'); mapr runs on Node $major (.nvmrc: $wanted)."
    echo "Fetching Node $wanted from the npm registry (node-linux-$arch) into ${dir#"$PWD"/}"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$wanted" >/dev/null)
    mkdir -p "$dir.partial"
    tar xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$dir.partial" --strip-components=1
    rm -rf "$tmp" "$dir"
    mv "$dir.partial" "$dir"
  fi
  export PATH="$dir/bin:$PATH"
  # node-gyp builds against this release's headers, not those of the machine's own node (npm's nodedir setting).
  export npm_config_nodedir="$dir"
}
mapr_use_node
