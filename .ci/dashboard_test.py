"""The dashboard (GET /__admin/) in a real browser: Debian's chromium and chromium-driver,
driven by Selenium, against live beagle-mock servers serving the sample app.

    .ci/dashboard_test.py BINARY [SCREENSHOTS_DIR]

Each step writes a screenshot (1280x800, and one at a phone's width) under SCREENSHOTS_DIR
(default .build/ui/). Exits non-zero at the first failed step, naming it.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

BINARY = sys.argv[1]
SHOTS = sys.argv[2] if len(sys.argv) > 2 else ".build/ui"
os.makedirs(SHOTS, exist_ok=True)


# A copy of the sample app, so that a step can add a broken screen without touching the clone.
SAMPLE = tempfile.mkdtemp(prefix="dashboard-test-")
shutil.copytree("screens", os.path.join(SAMPLE, "screens"))
shutil.copytree("images", os.path.join(SAMPLE, "images"))
SCREENS = os.path.join(SAMPLE, "screens")


class Server:
    """beagle-mock serving the copy of the sample app on a free port."""

    def __init__(self, *flags, port=0):
        self.log = tempfile.NamedTemporaryFile("w+", delete=False)
        self.process = subprocess.Popen([BINARY, "serve", SCREENS, "--port", str(port), *flags], stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(300):
            text = open(self.log.name).read()
            found = re.search(r"Listening http://[^:]+:(\d+)", text)
            if found:
                self.port = int(found.group(1))
                self.base = f"http://127.0.0.1:{self.port}"
                secure = re.search(r"HTTPS     https://[^:]+:(\d+)", text)
                self.tls_port = int(secure.group(1)) if secure else None
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise SystemExit("the server did not start:\n" + open(self.log.name).read())

    def get(self, path, headers=None):
        request = urllib.request.Request(self.base + path, headers=headers or {})
        started = time.monotonic()
        with urllib.request.urlopen(request, timeout=10) as answer:
            answer.read()
        return time.monotonic() - started

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)


# A page that tries what a hostile page in the screens folder (or from the upstream) would: read
# the journal, change the settings, reset everything. Served sandboxed, it can do none of it.
HOSTILE_PAGE = """<!doctype html><title>hostile</title><pre id="result">running</pre>
<script>
(async () => {
  const out = ["origin " + self.origin];
  try {
    const answer = await fetch("/__admin/requests");
    out.push("read " + answer.status + " " + (await answer.text()).length + " bytes");
  } catch (error) { out.push("read blocked"); }
  try {
    const answer = await fetch("/__admin/settings", {method: "PUT", headers: {"Content-Type": "application/json"}, body: '{"latency": "5s"}'});
    out.push("write " + answer.status);
  } catch (error) { out.push("write blocked"); }
  try { await fetch("/__admin/reset", {method: "POST", mode: "no-cors"}); out.push("reset sent"); } catch (error) { out.push("reset blocked"); }
  out.push("done");
  document.getElementById("result").textContent = out.join("\\n");
})();
</script>
"""


# Screens the preview steps add to the copy of the sample app: types Beagle 2.x does not know
# (custom, misspelt, Beagle 1.x's), images the page may not load, and a long route whose screen
# has fixed widths as published web screens do.
PREVIEW_TYPES = {
    "_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Types"},
    "child": {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:Text", "text": "Known in any letter case"},
        {"_beagleComponent_": "custom:rating", "stars": 4, "children": [{"_beagleComponent_": "beagle:text", "text": "CHILD OF custom:rating"}]},
        {"_beagleComponent_": "beagle:carousel", "child": {"_beagleComponent_": "beagle:text", "text": "CHILD OF beagle:carousel"}},
        {"_beagleComponent_": "beagle:form", "child": {"_beagleComponent_": "beagle:text", "text": "CHILD OF beagle:form"}},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "https://images.example.com/cup.png"}},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "/images/not-served.png"}},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "cup-icon"}},
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "/images/logo.png"},
         "style": {"size": {"width": {"value": 48, "type": "REAL"}, "height": {"value": 48, "type": "REAL"}}}},
    ]},
}
LONG_ROUTE = "/zzPreviewRouteWithANameLongEnoughToOverflowEveryColumnOfTheDashboardWhateverTheWindow"
WIDE_SCREEN = {
    "_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Wide"},
    "child": {"_beagleComponent_": "beagle:container", "style": {"flex": {"flexDirection": "ROW"}}, "children": [
        {"_beagleComponent_": "beagle:container", "style": {"size": {"width": {"value": 460, "type": "REAL"}}, "backgroundColor": color},
         "children": [{"_beagleComponent_": "beagle:text", "text": f"Column {index + 1}, 460 px"}]}
        for index, color in enumerate(["#F5E9DA", "#E3D0B9", "#C9A88A"])
    ]},
}


def no_page_wide_scroll(driver, where):
    width = driver.execute_script("return [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{where}: the page scrolls sideways ({width[0]} px of content in a {width[1]} px window)"
    # Nor does anything spill over into the next column: the long route's button, the title, the
    # files it names, the middle column and the preview in it.
    spilled = driver.execute_script("""const route = [...document.querySelectorAll('#routeList button')].find((b) => b.textContent.startsWith(arguments[0]));
        const detail = document.getElementById('detail'), box = detail.getBoundingClientRect(), frame = document.querySelector('#preview > *').getBoundingClientRect();
        const over = (e) => e.scrollWidth > e.clientWidth + 1;
        return [[route, 'the route list'], [document.getElementById('detailTitle'), 'the title'], [document.getElementById('routeInfo'), 'the route files'], [detail, 'the middle column']]
            .filter(([e]) => over(e)).map(([, name]) => name).concat(frame.left < box.left || frame.right > box.right + 1 ? ['the preview'] : [])""", LONG_ROUTE)
    assert not spilled, f"{where}: wider than its column: {', '.join(spilled)}"


def choose(driver, route, platform):
    driver.find_element(By.CSS_SELECTOR, f"input[name=platform][value='{platform}']").click()
    driver.get(driver.current_url.split("#")[0] + "#" + route)
    wait(driver, lambda d: text_of(d, "detailTitle") == route, f"the title says {route}")
    # The route's file for the platform, not the previous route's answer still on its way.
    shown = lambda d: text_of(d, "routeInfo").startswith(route.strip("/")) and f" for {platform} " in text_of(d, "routeInfo") + " "
    wait(driver, shown, f"the preview of {route} is for {platform}")


def preview_steps(driver):
    step("types Beagle does not know are one labelled box each; images it may not load are placeholders")
    with open(os.path.join(SCREENS, "zz-preview-types.json"), "w") as file:
        json.dump(PREVIEW_TYPES, file)
    choose(driver, "/zz-preview-types", "IOS")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview .b-unknown"), "the preview has unknown types")
    boxes = driver.execute_script("return [...document.querySelectorAll('#preview .b-unknown')].map((b) => [b.textContent, b.querySelectorAll('*').length])")
    assert boxes == [["custom:rating", 1], ["beagle:carousel", 1], ["beagle:form", 1]], f"the unknown types' boxes (text, elements inside): {boxes}"
    preview = text_of(driver, "preview")
    assert "Known in any letter case" in preview, "beagle:Text is Beagle's text in any letter case"
    assert "CHILD OF" not in preview, f"the children of unknown types are drawn: {preview!r}"
    expected = ["https://images.example.com/cup.png", "/images/not-served.png", "cup-icon"]
    placeholders = lambda d: d.execute_script("return [...document.querySelectorAll('#preview .b-placeholder')].map((p) => p.textContent)")
    wait(driver, lambda d: len(placeholders(d)) == 3, "three images become placeholders", timeout=10)
    for url, found in zip(expected, placeholders(driver)):
        assert found.startswith("image") and url in found, f"the placeholder for {url} says {found!r}"
    images = driver.execute_script("return [...document.querySelectorAll('#preview img')].map((i) => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])")
    assert images == [["/images/logo.png", True]], f"the preview's images: {images}"
    shot(driver, "07b-unknown-types-and-images")

    step("the Web previews in a browser-wide window, the phones in a phone; long names and wide screens stay in their columns")
    folder = os.path.join(SCREENS, LONG_ROUTE.strip("/"))
    with open(folder + ".json", "w") as file:
        json.dump(WIDE_SCREEN, file)
    choose(driver, LONG_ROUTE, "WEB")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview .browser"), "the Web's preview is a browser window")
    frame = driver.execute_script("""const b = document.querySelector('#preview .browser'), p = document.querySelector('#preview').getBoundingClientRect();
        const r = b.getBoundingClientRect(), columns = [...b.querySelectorAll('.b-screen > .b-container > .b-container')].map((c) => c.getBoundingClientRect());
        return {width: getComputedStyle(b).width, inside: r.left >= p.left - 1 && r.right <= p.right + 1,
                oneRow: columns.length === 3 && columns.every((c) => Math.abs(c.top - columns[0].top) < 1) && columns[2].right <= r.right + 1,
                phone: document.querySelectorAll('#preview .device').length}""")
    assert frame["width"] == "1440px", f"the Web's window is {frame['width']} wide"
    assert frame["inside"], "the Web's window is scaled to fit the column"
    assert frame["oneRow"], "three columns of 460 px sit side by side in the Web's window"
    assert frame["phone"] == 0, "no phone frame for the Web"
    assert "1440 px wide" in text_of(driver, "preview"), "the caption names the window's width"
    no_page_wide_scroll(driver, "the Web's preview of a long route at 1280 px")
    driver.find_element(By.ID, "routeFilter").send_keys("zzPreview")
    shot(driver, "07c-web-window")
    driver.find_element(By.ID, "routeFilter").clear()
    driver.execute_script("document.getElementById('routeFilter').dispatchEvent(new Event('input'))")
    choose(driver, LONG_ROUTE, "IOS")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview .device"), "iOS previews in a phone")
    width = driver.execute_script("return getComputedStyle(document.querySelector('#preview .device')).width")
    assert width == "360px", f"the phone is {width} wide"
    no_page_wide_scroll(driver, "iOS's preview of a wide screen at 1280 px")
    driver.set_window_size(1024, 800)
    try:
        no_page_wide_scroll(driver, "iOS's preview of a wide screen at 1024 px")
        choose(driver, LONG_ROUTE, "WEB")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview .browser"), "the Web's window at 1024 px")
        no_page_wide_scroll(driver, "the Web's preview at 1024 px")
        shot(driver, "07d-web-window-1024")
        driver.find_element(By.XPATH, "//div[@id='preview']//button[.='Actual size']").click()
        wait(driver, lambda d: "shown at 100%" in text_of(d, "preview"), "the Web's window at its actual size")
        no_page_wide_scroll(driver, "the Web's window at its actual size, 1024 px")
        driver.find_element(By.XPATH, "//div[@id='preview']//button[.='Actual size']").click()
    finally:
        driver.set_window_size(1280, 800)
        os.remove(folder + ".json")
        os.remove(os.path.join(SCREENS, "zz-preview-types.json"))
    choose(driver, "/home", "WEB")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview .browser img"), "the sample's web home in a browser window")
    shot(driver, "07e-home-web")
    choose(driver, "/home", "IOS")

def browser(width=1280, height=800, dark=False, home=None):
    """Chromium through chromedriver; with `home`, Chromium's HOME, so that it reads the NSS
    database (the certificates it trusts) under home/.pki/nssdb."""
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    if dark:
        options.add_argument("--force-dark-mode")
        options.add_argument("--blink-settings=preferredColorScheme=0")
    environment = dict(os.environ, HOME=home) if home else None
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver", env=environment), options=options)
    driver.set_window_size(width, height)
    return driver


def shot(driver, name):
    path = os.path.join(SHOTS, name + ".png")
    driver.save_screenshot(path)
    print(f"  screenshot {path}")


def step(name):
    print(f"-- {name}")


def wait(driver, condition, what, timeout=5):
    try:
        ignored = (NoSuchElementException, StaleElementReferenceException)
        return WebDriverWait(driver, timeout, poll_frequency=0.1, ignored_exceptions=ignored).until(condition)
    except Exception:
        shot(driver, "failed")
        raise SystemExit(f"FAILED: {what} (screenshot failed.png; console: {driver.get_log('browser') if hasattr(driver, 'get_log') else ''})")


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def main():
    server = Server("--seed", "7")
    driver = browser()
    try:
        step("open the page: routes, a preview of /home for iOS, the settings in force")
        driver.get(server.base + "/__admin/")
        wait(driver, lambda d: "/home" in text_of(d, "routeList"), "the route list shows /home")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview .device .navbar"), "the preview of /home has a navigation bar")
        wait(driver, lambda d: d.execute_script("return [...document.querySelectorAll('#preview img')].every((i) => i.complete)"), "the preview's images load", timeout=10)
        ios_title = driver.find_element(By.CSS_SELECTOR, "#preview .navbar").text
        assert "iOS" in ios_title, f"the iOS preview's title is {ios_title!r}"
        wait(driver, lambda d: "runtime settings" in text_of(d, "inForce").lower(), "what is in force is shown")
        assert not driver.find_element(By.ID, "livePanel").is_displayed(), "the Live Preview panel shows on a server without it"
        shot(driver, "01-home-ios")

        step("pick the Android platform: the preview changes")
        driver.find_element(By.CSS_SELECTOR, "input[name=platform][value=ANDROID]").click()
        wait(driver, lambda d: "Android" in d.find_element(By.CSS_SELECTOR, "#preview .navbar").text, "the Android preview's title")
        shot(driver, "02-home-android")

        step("pick another route and the outline view: types, texts and navigation links")
        driver.find_element(By.XPATH, "//ul[@id='routeList']//button[starts-with(normalize-space(.), '/catalog/item-1')]").click()
        wait(driver, lambda d: text_of(d, "detailTitle") == "/catalog/item-1", "the title says /catalog/item-1")
        driver.find_element(By.ID, "tab-outline").click()
        wait(driver, lambda d: "beagle:screenComponent" in text_of(d, "outline"), "the outline lists the component types")
        assert not driver.find_element(By.ID, "preview").is_displayed(), "the preview is hidden behind the outline tab"
        links = driver.find_elements(By.CSS_SELECTOR, "#outline a")
        assert links, "the outline has navigation links"
        shot(driver, "03-item-outline")
        target = links[0].text
        links[0].click()
        wait(driver, lambda d: text_of(d, "detailTitle") == target, f"following the outline's link opens {target}")
        driver.find_element(By.ID, "tab-json").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#json pre.json span.l"), "the JSON view has numbered lines")
        shot(driver, "04-json")
        driver.find_element(By.ID, "tab-preview").click()

        step("a request appears in the journal within 2 s")
        wait(driver, lambda d: "live" in text_of(d, "live"), "the journal stream is live")
        server.get("/guides/pour-over?from=browser-test")
        wait(driver, lambda d: "/guides/pour-over" in text_of(d, "journalBody"), "the request is in the journal", timeout=2)
        row = driver.find_element(By.XPATH, "//tbody[@id='journalBody']/tr[contains(., '/guides/pour-over')]")
        row.click()
        wait(driver, lambda d: d.find_element(By.ID, "entryDialog").get_attribute("open") is not None, "the entry opens")
        assert "user-agent" in text_of(driver, "entryDetail").lower(), "the entry shows the headers"
        shot(driver, "05-journal-entry")
        driver.find_element(By.CSS_SELECTOR, "#entryDialog form button").click()

        step("the page's own requests (its preview's images) are hidden from the journal, and marked when shown")
        wait(driver, lambda d: "of this page's own hidden" in text_of(d, "journalCount"), "the preview's image fetches are counted as hidden")
        assert not driver.find_elements(By.CSS_SELECTOR, "#journalBody tr.own"), "the page's own requests are listed while hidden"
        assert "/guides/pour-over" in text_of(driver, "journalBody"), "a request from elsewhere is hidden too"
        driver.find_element(By.ID, "showOwn").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#journalBody tr.own"), "the page's own requests are listed, marked")
        own_paths = [row.find_elements(By.TAG_NAME, "td")[2].text for row in driver.find_elements(By.CSS_SELECTOR, "#journalBody tr.own")]
        assert all(path.startswith("◦ /images/") for path in own_paths), f"marked rows that are not the preview's images: {own_paths}"
        shot(driver, "05b-journal-own-requests")
        driver.find_element(By.ID, "showOwn").click()
        # At 1280 px the table fits its column: the Fault column shows without scrolling sideways.
        wrap = driver.execute_script("const w = document.getElementById('journalWrap'); return [w.scrollWidth, w.clientWidth, window.innerWidth]")
        assert wrap[0] <= wrap[1], f"the journal scrolls sideways at {wrap[2]} px: {wrap[0]} px of table in {wrap[1]} px"

        step("set a latency in the form: the next request is delayed")
        latency = driver.find_element(By.ID, "latency")
        latency.clear()
        latency.send_keys("700ms")
        driver.find_element(By.ID, "apply").click()
        wait(driver, lambda d: "latency 700ms" in text_of(d, "inForce"), "the page shows the latency in force")
        elapsed = server.get("/home")
        assert elapsed >= 0.65, f"the request after the latency took {elapsed:.3f} s"
        print(f"  GET /home took {elapsed:.3f} s")
        shot(driver, "06-latency")

        step("a network profile from the form")
        driver.find_element(By.XPATH, "//select[@id='profile']/option[.='edge']").click()
        latency = driver.find_element(By.ID, "latency")
        latency.clear()
        driver.find_element(By.ID, "apply").click()
        wait(driver, lambda d: "profile edge" in text_of(d, "inForce"), "the page shows the profile in force")
        settings = json.loads(urllib.request.urlopen(server.base + "/__admin/settings").read())
        assert settings["profile"] == "edge", settings
        driver.find_element(By.ID, "reset").click()
        wait(driver, lambda d: "No runtime settings" in text_of(d, "inForce"), "reset clears the settings")

        step("a page served from the folder runs sandboxed: it cannot read the journal or change settings")
        hostile = os.path.join(SCREENS, "zz-hostile-page.html")
        with open(hostile, "w") as file:
            file.write(HOSTILE_PAGE)
        try:
            set_latency = urllib.request.Request(server.base + "/__admin/settings", data=b'{"latency": "300ms"}', method="PUT")
            urllib.request.urlopen(set_latency).read()
            driver.get(server.base + "/zz-hostile-page.html")
            wait(driver, lambda d: "done" in text_of(d, "result"), "the page's script ran to its end", timeout=10)
            result = text_of(driver, "result")
            print("  " + result.replace("\n", "; "))
            assert "origin null" in result, f"the page has an opaque origin: {result}"
            assert "read blocked" in result, f"the page read the journal: {result}"
            assert "write blocked" in result, f"the page changed settings: {result}"
            settings = json.loads(urllib.request.urlopen(server.base + "/__admin/settings").read())
            assert settings.get("latency") == "300ms", f"the page's requests changed the settings: {settings}"
            shot(driver, "06b-sandboxed-page")
        finally:
            os.remove(hostile)
            urllib.request.urlopen(urllib.request.Request(server.base + "/__admin/reset", data=b"", method="POST")).read()
            driver.get(server.base + "/__admin/")
            wait(driver, lambda d: "/home" in text_of(d, "routeList"), "the dashboard loads again")

        step("a screen that is not valid JSON shows its diagnostics, not a preview")
        broken = os.path.join(SCREENS, "zz-broken-dashboard-test.json")
        with open(broken, "w") as file:
            file.write('{"_beagleComponent_": "beagle:text", "text": }')
        try:
            driver.get(server.base + "/__admin/#" + "/zz-broken-dashboard-test")
            wait(driver, lambda d: "not valid JSON" in text_of(d, "preview"), "the preview says the file is not JSON")
            assert "error" in text_of(driver, "diagnostics"), "the diagnostics are shown"
            shot(driver, "07-broken")
        finally:
            os.remove(broken)

        preview_steps(driver)

        step("a thousand requests: the page keeps the newest and stays responsive")
        for index in range(400):
            server.get(f"/home?n={index}")
        wait(driver, lambda d: "n=399" in text_of(d, "journalBody"), "the newest request is listed", timeout=5)
        rows = len(driver.find_elements(By.CSS_SELECTOR, "#journalBody tr"))
        assert rows <= 300, f"{rows} rows kept"

        step("the stream survives a config reload")
        with open(os.path.join(SCREENS, "beagle-mock.yml"), "a") as config:
            config.write("\n# touched by the dashboard test\nlatency: 0\n")
        reloaded = time.monotonic()
        while "reloaded" not in open(server.log.name).read() and time.monotonic() - reloaded < 10:
            time.sleep(0.1)
        server.get("/catalog?after=reload")
        wait(driver, lambda d: "after=reload" in text_of(d, "journalBody"), "a request after the reload is listed", timeout=2)

        step("the stream reconnects after a restart")
        port = server.port
        server.stop()
        wait(driver, lambda d: "reconnecting" in text_of(d, "live"), "the page says it is reconnecting")
        server = Server("--seed", "7", port=port)
        wait(driver, lambda d: "live" == text_of(d, "live").split(": ")[-1], "the stream is live again", timeout=10)
        server.get("/catalog?after=restart")
        wait(driver, lambda d: "after=restart" in text_of(d, "journalBody"), "a request after the restart is listed", timeout=2)

        step("readable on a phone's width, in dark mode")
        driver.set_window_size(390, 844)
        shot(driver, "08-phone")
    finally:
        driver.quit()
        server.stop()

    step("with a token on a server bound beyond loopback: the page asks once and keeps it for the tab")
    server = Server("--host", "0.0.0.0", "--admin-token", "s3cret-token", "--seed", "7")
    driver = browser(dark=True)
    try:
        driver.get(server.base + "/__admin/")
        wait(driver, lambda d: d.find_element(By.ID, "tokenDialog").get_attribute("open") is not None, "the page asks for the token")
        shot(driver, "09-token-asked")
        driver.find_element(By.ID, "tokenInput").send_keys("s3cret-token")
        driver.find_element(By.ID, "tokenSave").click()
        wait(driver, lambda d: "/home" in text_of(d, "routeList"), "with the token the routes load")
        wait(driver, lambda d: "live" in text_of(d, "live"), "the journal stream is live with the token")
        server.get("/catalog")
        wait(driver, lambda d: "/catalog" in text_of(d, "journalBody"), "a request appears with the token", timeout=2)
        driver.refresh()
        wait(driver, lambda d: "/home" in text_of(d, "routeList"), "after a reload the tab still has the token")
        assert driver.find_element(By.ID, "tokenDialog").get_attribute("open") is None, "the token is not asked again"
        shot(driver, "10-token-dark")
    finally:
        driver.quit()
        server.stop()
    live_preview_steps()
    timeline_steps()
    har_steps()
    https_steps()
    shutil.rmtree(SAMPLE, ignore_errors=True)
    print("dashboard: all steps passed")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def save_title(path, title):
    """Saves the screen at `path` with its navigation bar's title set to `title`."""
    with open(path) as file:
        screen = json.load(file)
    screen["navigationBar"]["title"] = title
    with open(path, "w") as file:
        json.dump(screen, file, indent=2)


def device_frames(driver, device, dashboard):
    """The frames the device tab's WebSocket has received, read from that tab."""
    driver.switch_to.window(device)
    frames = driver.execute_script("return window.liveFrames")
    driver.switch_to.window(dashboard)
    return frames


def wait_for_frame(driver, device, dashboard, what, contains, count):
    """Waits until the device has more than `count` frames, the last holding `contains`."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        frames = device_frames(driver, device, dashboard)
        if len(frames) > count and contains in frames[-1]:
            return frames
        time.sleep(0.1)
    raise SystemExit(f"FAILED: {what}: the device's frames are {[f[:80] for f in frames]}")


def click_route(driver, route):
    """Clicks `route` in the route list, which the page may be drawing anew."""
    button = f"//ul[@id='routeList']//button[starts-with(normalize-space(.), '{route}')]"
    wait(driver, lambda d: d.find_element(By.XPATH, button).click() or True, f"{route} can be clicked")
    wait(driver, lambda d: text_of(d, "detailTitle") == route, f"the page shows {route}")


def live_preview_steps():
    step("Live Preview: the devices, the screen on them, the preview redrawn on save, Show on devices")
    live_port = free_port()
    guide = os.path.join(SCREENS, "guides", "pour-over.json")
    original = open(guide).read()
    server = Server("--seed", "7", "--live-preview", str(live_port))
    driver = browser()
    try:
        driver.get(server.base + "/__admin/#/home")
        wait(driver, lambda d: d.find_element(By.ID, "livePanel").is_displayed(), "the Live Preview panel shows")
        wait(driver, lambda d: "No device is connected" in text_of(d, "deviceBody"), "no device is listed yet")
        assert "Nothing on the devices yet" in text_of(driver, "liveScreen"), text_of(driver, "liveScreen")
        wait(driver, lambda d: "live" in text_of(d, "live"), "the event stream is live")

        # The device is Chromium's own WebSocket client, in a second tab, at Android's path.
        dashboard = driver.current_window_handle
        driver.switch_to.new_window("tab")
        device = driver.current_window_handle
        driver.execute_script("""window.liveFrames = []; window.liveSocket = new WebSocket(arguments[0]);
            window.liveSocket.onmessage = (event) => window.liveFrames.push(event.data);""", f"ws://127.0.0.1:{live_port}/android")
        driver.switch_to.window(dashboard)
        wait(driver, lambda d: "Android" in text_of(d, "deviceBody") and "127.0.0.1:" in text_of(d, "deviceBody"), "the device is listed with its platform and address", timeout=2)
        assert "(1 connected)" in text_of(driver, "deviceCount"), text_of(driver, "deviceCount")
        shot(driver, "13-live-device-connected")

        step("a save: the device gets the screen, the page shows it and its preview redraws")
        save_title(guide, "Saved once")
        wait_for_frame(driver, device, dashboard, "the save reaches the device", "Saved once", 0)
        wait(driver, lambda d: "/guides/pour-over" in text_of(d, "liveScreen") and "saved last" in text_of(d, "liveScreen"), "the page names the screen on the devices", timeout=3)
        wait(driver, lambda d: text_of(d, "detailTitle") == "/guides/pour-over", "the page shows the screen the devices show")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#preview .navbar").text == "Saved once", "the preview shows the save")
        assert driver.find_element(By.ID, "onDevices").is_displayed(), "the route on the devices is marked"
        count = len(device_frames(driver, device, dashboard))
        save_title(guide, "Saved twice")
        wait_for_frame(driver, device, dashboard, "the second save reaches the device", "Saved twice", count)
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#preview .navbar").text == "Saved twice", "the preview redraws on the second save", timeout=3)
        shot(driver, "14-live-redrawn-on-save")

        step("a save that is not JSON: nothing is sent, the page says why")
        count = len(device_frames(driver, device, dashboard))
        with open(guide, "w") as file:
            file.write('{"_beagleComponent_": "beagle:screenComponent", "child": ')
        wait(driver, lambda d: d.find_element(By.ID, "liveProblem").is_displayed() and "not JSON" in text_of(d, "liveProblem"), "the page says the screen was not sent", timeout=3)
        frames = device_frames(driver, device, dashboard)
        assert len(frames) == count, f"a frame was sent for a broken save: {frames[-1][:80]!r}"
        shot(driver, "15-live-not-sent")
        with open(guide, "w") as file:
            file.write(original)
        wait(driver, lambda d: not d.find_element(By.ID, "liveProblem").is_displayed(), "the problem clears once the screen is good again", timeout=3)

        step("Show on devices: the route picked, pinned; a route with a parameter asks for a value")
        click_route(driver, "/cart")
        count = len(device_frames(driver, device, dashboard))
        driver.find_element(By.ID, "showOnDevices").click()
        wait_for_frame(driver, device, dashboard, "Show on devices sends /cart", "Your cart", count)
        wait(driver, lambda d: "pinned" in text_of(d, "liveScreen") and "/cart" in text_of(d, "liveScreen"), "the page says /cart is pinned")
        assert driver.find_element(By.ID, "onDevices").is_displayed(), "the pinned route is marked"
        shot(driver, "16-live-pinned")
        click_route(driver, "/product/[id]")
        driver.find_element(By.ID, "showOnDevices").click()
        wait(driver, lambda d: "in place of [id]" in text_of(d, "liveMessage"), "a route with a parameter asks for a value")
        path = driver.find_element(By.ID, "livePath")
        path.clear()
        path.send_keys("/product/42")
        count = len(device_frames(driver, device, dashboard))
        driver.find_element(By.ID, "showOnDevices").click()
        wait_for_frame(driver, device, dashboard, "Show on devices sends /product/42", "42", count)
        wait(driver, lambda d: "/product/42" in text_of(d, "liveScreen"), "the page says /product/42 is on the devices")
        wait(driver, lambda d: d.find_element(By.ID, "onDevices").is_displayed(), "the route that answers /product/42 is marked")
        driver.find_element(By.ID, "unpin").click()
        wait(driver, lambda d: "saved last" in text_of(d, "liveScreen"), "unpinned, the devices show the screen saved last")
        live = json.loads(urllib.request.urlopen(server.base + "/__admin/live-preview").read())
        assert live["pinned"] is False and live["route"] == "/guides/pour-over", live

        step("the device leaves: the list says so")
        driver.switch_to.window(device)
        driver.execute_script("window.liveSocket.close()")
        driver.switch_to.window(dashboard)
        wait(driver, lambda d: "No device is connected" in text_of(d, "deviceBody"), "the device is gone from the list", timeout=3)
        driver.set_window_size(390, 844)
        shot(driver, "17-live-phone-width")
    finally:
        with open(guide, "w") as file:
            file.write(original)
        driver.quit()
        server.stop()


def har_steps():
    step("Journal: Download HAR saves the journal as HAR 1.2, the page's requests and the app's")
    server = Server("--seed", "7")
    driver = browser()
    downloads = tempfile.mkdtemp()
    try:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        server.get("/home", headers={"beagle-platform": "ANDROID"})
        server.get("/catalog", headers={"beagle-platform": "IOS"})
        driver.get(server.base + "/__admin/#/home")
        wait(driver, lambda d: "/catalog" in text_of(d, "journalBody"), "the journal lists the app's requests")
        driver.find_element(By.ID, "harDownload").click()
        wait(driver, lambda d: "Saved beagle-mock-" in text_of(d, "harMessage"), "the page says the file is saved")
        saved = wait(driver, lambda d: [f for f in os.listdir(downloads) if f.endswith(".har")], "a .har file is downloaded")
        har = json.load(open(os.path.join(downloads, saved[0])))
        assert har["log"]["version"] == "1.2", har["log"]["version"]
        urls = [entry["request"]["url"] for entry in har["log"]["entries"]]
        assert urls[:2] == [server.base + "/home", server.base + "/catalog"], urls[:2]
        first = har["log"]["entries"][0]
        assert {"name": "Beagle-Platform", "value": "ANDROID"} in first["request"]["headers"], first["request"]["headers"]  # as urllib spells it
        assert "Android" in first["response"]["content"]["text"], first["response"]["content"]["text"][:200]
        shot(driver, "20-journal-har")
    finally:
        driver.quit()
        server.stop()
        shutil.rmtree(downloads, ignore_errors=True)


def timeline_steps():
    step("Timeline: start one the config names, see its stages as a bar and the current one move, stop it")
    server = Server("--seed", "7")
    driver = browser()
    try:
        driver.get(server.base + "/__admin/#/home")
        wait(driver, lambda d: "No timeline runs" in text_of(d, "timelineRuns"), "the panel says no timeline runs")
        names = [option.text for option in driver.find_elements(By.CSS_SELECTOR, "#timelineName option")]
        assert names == ["tunnel", "deploy"], f"the sample's timelines are offered: {names}"
        driver.find_element(By.XPATH, "//select[@id='timelineName']/option[.='deploy']").click()
        driver.find_element(By.ID, "timelineStart").click()
        wait(driver, lambda d: "Started deploy" in text_of(d, "timelineMessage"), "the start is confirmed")
        stages = [stage.text for stage in driver.find_elements(By.CSS_SELECTOR, "#timelineRuns .tl-stage")]
        assert stages == ["deploying", "warming up"], f"the bar shows the stages: {stages}"
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#timelineRuns .tl-stage.current").text == "deploying", "the first stage is current")
        try:
            server.get("/home")
            raise SystemExit("FAILED: a request during the deploy was answered")
        except urllib.error.HTTPError as error:
            assert error.code == 503, error.code
        first = float(driver.find_element(By.CSS_SELECTOR, "#timelineRuns .tl-now").value_of_css_property("left").rstrip("px"))
        wait(driver, lambda d: float(d.find_element(By.CSS_SELECTOR, "#timelineRuns .tl-now").value_of_css_property("left").rstrip("px")) > first, "the marker moves")
        shot(driver, "18-timeline-running")

        step("a timeline started elsewhere appears, and its current stage moves on")
        body = json.dumps({"timeline": {"stages": [{"for": "1500ms", "name": "calm"}, {"for": "20s", "profile": "offline"}]}}).encode()
        urllib.request.urlopen(urllib.request.Request(server.base + "/__admin/timeline", data=body, method="PUT",
                                                      headers={"Content-Type": "application/json"})).read()
        wait(driver, lambda d: [s.text for s in d.find_elements(By.CSS_SELECTOR, "#timelineRuns .tl-stage")] == ["calm", "offline"], "the page reads the new timeline", timeout=4)
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#timelineRuns .tl-stage.current").text == "offline", "the current stage moves to offline", timeout=4)
        assert "left" in text_of(driver, "timelineRuns"), text_of(driver, "timelineRuns")
        shot(driver, "19-timeline-offline")

        step("stop: the base settings again")
        driver.find_element(By.ID, "timelineStop").click()
        wait(driver, lambda d: "Stopped inline" in text_of(d, "timelineMessage"), "the stop is confirmed")
        wait(driver, lambda d: "No timeline runs" in text_of(d, "timelineRuns"), "nothing runs")
        server.get("/home")
    finally:
        driver.quit()
        server.stop()


def scratch_nss_home(authority=None):
    """A HOME whose NSS database trusts `authority` (a PEM file) as a CA, or nothing."""
    home = tempfile.mkdtemp(prefix="dashboard-home-")
    database = "sql:" + os.path.join(home, ".pki", "nssdb")
    os.makedirs(os.path.join(home, ".pki", "nssdb"))
    subprocess.run(["certutil", "-d", database, "-N", "--empty-password"], check=True)
    if authority:
        subprocess.run(["certutil", "-d", database, "-A", "-t", "C,,", "-n", "beagle-mock", "-i", authority], check=True)
    return home


def https_steps():
    step("over HTTPS: trusted through a scratch NSS database with the local CA, a certificate error without it")
    tls = tempfile.mkdtemp(prefix="dashboard-tls-")
    server = Server("--tls-port", "0", "--tls-dir", tls, "--seed", "7")
    url = f"https://localhost:{server.tls_port}/__admin/"
    trusted_home = scratch_nss_home(os.path.join(tls, "ca.pem"))
    untrusted_home = scratch_nss_home()
    driver = browser(home=trusted_home)
    try:
        driver.get(url)
        wait(driver, lambda d: "/home" in text_of(d, "routeList"), "the dashboard loads over HTTPS with the CA trusted", timeout=10)
        wait(driver, lambda d: "live" in text_of(d, "live"), "the journal stream is live over HTTPS")
        assert driver.current_url.startswith("https://"), driver.current_url
        shot(driver, "11-https-trusted")
    finally:
        driver.quit()
    driver = browser(home=untrusted_home)
    try:
        driver.get(url)
        wait(driver, lambda d: "ERR_CERT_AUTHORITY_INVALID" in d.page_source, "without the CA, Chromium shows the certificate error")
        shot(driver, "12-https-untrusted")
    finally:
        driver.quit()
        server.stop()
    for folder in (tls, trusted_home, untrusted_home):
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
