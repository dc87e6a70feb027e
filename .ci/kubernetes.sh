#!/usr/bin/env bash
# CI: the Kubernetes manifests of deploy/kubernetes (Docs/Kubernetes.md), without a cluster.
# `kubectl kustomize` renders the base and every overlay; kubernetes-validate (PyPI) checks every
# object against the schemas of Kubernetes 1.37, the newest it ships, in strict mode (an unknown
# field fails; so does a kind it has no schema for); .ci/kubernetes_check.py checks the probes,
# the security context, the resources and the ConfigMap mounts.
set -euo pipefail
cd "$(dirname "$0")/.."

kubernetes_version=1.37.0
venv=.build/kube-venv
if [ ! -x "$venv/bin/kubernetes-validate" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'kubernetes-validate==1.37.0'
fi
command -v kubectl >/dev/null || { echo "kubectl is needed to render deploy/kubernetes" >&2; exit 1; }
echo "$(kubectl version --client 2>/dev/null | tr '\n' ' ')"
echo "kubernetes-validate $("$venv/bin/kubernetes-validate" --version)"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for dir in deploy/kubernetes/base deploy/kubernetes/overlays/*/; do
    dir=${dir%/}
    rendered="$out/$(basename "$dir").yaml"
    kubectl kustomize "$dir" >"$rendered"
    # --quiet prints only what is wrong: an ERROR, or a WARN for a kind without a schema.
    if ! report=$("$venv/bin/kubernetes-validate" --strict -k "$kubernetes_version" --quiet "$rendered") \
        || [ -n "$report" ]; then
        printf '%s: %s\n' "$dir" "$report" >&2
        status=1
    else
        echo "$dir: $(grep -c '^kind:' "$rendered") objects valid against Kubernetes $kubernetes_version (strict)"
    fi
done
"$venv/bin/python" .ci/kubernetes_check.py "$out"/*.yaml || status=1
exit "$status"
