#!/usr/bin/env python3
"""What Docs/Kubernetes.md promises of the rendered manifests, beyond their schema.

Reads the files `kubectl kustomize` wrote (one per kustomization) and checks, in each: the probes
ask GET /__admin/health on a named port of the container; the pod runs as a non-root numeric user
with a read-only root filesystem, no privilege escalation, no capabilities and the runtime's
seccomp profile; requests and limits are set; the screens folder is a ConfigMap (or a projected
volume of ConfigMaps) mounted whole, never through subPath, and every ConfigMap it names is in the
output and under the 1 MiB a ConfigMap may hold; the admin token's Secret is optional; and the
Service sends its ports to ports the container has.

    python .ci/kubernetes_check.py RENDERED.yaml...
"""
import sys

import yaml

HEALTH = "/__admin/health"
CONFIGMAP_LIMIT = 1024 * 1024
failures = []


def check(condition, where, message):
    if not condition:
        failures.append(f"{where}: {message}")


def configmaps_of(volume):
    """The ConfigMaps a volume is made of, or None when it is not made of ConfigMaps only."""
    if "configMap" in volume:
        return [volume["configMap"]["name"]]
    sources = volume.get("projected", {}).get("sources", [])
    if sources and all("configMap" in source for source in sources):
        return [source["configMap"]["name"] for source in sources]
    return None


def check_deployment(where, deployment, configmaps):
    pod = deployment["spec"]["template"]["spec"]
    pod_security = pod.get("securityContext", {})
    volumes = {volume["name"]: volume for volume in pod.get("volumes", [])}
    check(pod.get("enableServiceLinks") is False, where, "enableServiceLinks must be false (BEAGLE_MOCK_PORT)")
    for container in pod["containers"]:
        at = f"{where} container {container['name']}"
        security = container.get("securityContext", {})
        ports = {port["name"]: port["containerPort"] for port in container.get("ports", [])}
        for kind in ("readinessProbe", "livenessProbe"):
            probe = container.get(kind, {}).get("httpGet", {})
            check(probe.get("path") == HEALTH, at, f"{kind} must GET {HEALTH}, not {probe.get('path')}")
            check(probe.get("port") in ports, at, f"{kind} port {probe.get('port')} is not a named port")
        user = security.get("runAsUser", pod_security.get("runAsUser"))
        check(isinstance(user, int) and user > 0, at, f"runAsUser must be a numeric non-root uid, not {user}")
        check(security.get("runAsNonRoot", pod_security.get("runAsNonRoot")) is True, at, "runAsNonRoot")
        check(security.get("readOnlyRootFilesystem") is True, at, "readOnlyRootFilesystem")
        check(security.get("allowPrivilegeEscalation") is False, at, "allowPrivilegeEscalation: false")
        check("ALL" in security.get("capabilities", {}).get("drop", []), at, "capabilities must drop ALL")
        seccomp = security.get("seccompProfile", pod_security.get("seccompProfile", {}))
        check(seccomp.get("type") == "RuntimeDefault", at, "seccompProfile RuntimeDefault")
        resources = container.get("resources", {})
        for bound in ("requests", "limits"):
            for resource in ("cpu", "memory"):
                check(resource in resources.get(bound, {}), at, f"resources.{bound}.{resource} is not set")
        args = container.get("args", [])
        check(args[:1] == ["serve"] and len(args) > 1, at, "args must start with serve and the screens folder")
        check("0.0.0.0" in args and args[args.index("0.0.0.0") - 1] == "--host", at, "--host 0.0.0.0")
        if "--port" in args:
            check(int(args[args.index("--port") + 1]) == ports.get("http"), at, "--port is not the http port")
        screens = args[1] if len(args) > 1 else None
        mounts = [mount for mount in container.get("volumeMounts", []) if mount["mountPath"] == screens]
        check(len(mounts) == 1, at, f"one volume must be mounted at the screens folder {screens}")
        for mount in container.get("volumeMounts", []):
            names = configmaps_of(volumes.get(mount["name"], {}))
            if names is None:
                continue
            check("subPath" not in mount and "subPathExpr" not in mount, at,
                  f"{mount['mountPath']}: a ConfigMap mounted with subPath never sees updates")
            for name in names:
                check(name in configmaps, at, f"ConfigMap {name} is not in the output")
        for mount in mounts:
            check(configmaps_of(volumes.get(mount["name"], {})) is not None, at,
                  "the screens folder must be a ConfigMap or a projected volume of ConfigMaps")
        for variable in container.get("env", []):
            if variable["name"] == "BEAGLE_MOCK_ADMIN_TOKEN":
                reference = variable.get("valueFrom", {}).get("secretKeyRef", {})
                check(reference.get("optional") is True, at, "the admin token's secretKeyRef must be optional")


def check_service(where, service, deployments):
    selector = service["spec"].get("selector", {})
    matched = [
        d for d in deployments
        if selector and selector.items() <= d["spec"]["template"]["metadata"].get("labels", {}).items()
    ]
    check(len(matched) == 1, where, "the selector must match the Deployment's pods")
    names = {port["name"] for d in matched for c in d["spec"]["template"]["spec"]["containers"]
             for port in c.get("ports", [])}
    for port in service["spec"]["ports"]:
        check("name" in port, where, f"port {port['port']} must be named")
        check(port["targetPort"] in names, where, f"targetPort {port['targetPort']} is no container port")


def main(paths):
    count = 0
    for path in paths:
        objects = [o for o in yaml.safe_load_all(open(path)) if o]
        by_kind = {}
        for o in objects:
            by_kind.setdefault(o["kind"], []).append(o)
        configmaps = {}
        for configmap in by_kind.get("ConfigMap", []):
            size = sum(len(k) + len(v) for k, v in configmap.get("data", {}).items())
            size += sum(len(k) + len(v) * 3 // 4 for k, v in configmap.get("binaryData", {}).items())
            configmaps[configmap["metadata"]["name"]] = size
            check(size < CONFIGMAP_LIMIT, f"{path} ConfigMap {configmap['metadata']['name']}",
                  f"{size} bytes; a ConfigMap holds at most 1 MiB (Docs/Kubernetes.md)")
        deployments = by_kind.get("Deployment", [])
        check(len(deployments) == 1, path, f"expected one Deployment, found {len(deployments)}")
        for deployment in deployments:
            check_deployment(f"{path} Deployment {deployment['metadata']['name']}", deployment, configmaps)
        for service in by_kind.get("Service", []):
            check_service(f"{path} Service {service['metadata']['name']}", service, deployments)
        count += len(objects)
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"kubernetes_check: {len(paths)} renderings, {count} objects, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
