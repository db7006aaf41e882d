#!/usr/bin/env python3
"""Validates the built metainfo file the way Flathub would.

It runs appstreamcli in strict mode with the checks Flathub raises to errors, then checks on its
own that every element Flathub requires is present. The only validator issue accepted is the one
the Debian 12 appstream (0.16) reports for the newer <developer> element, which it does not know.
"""

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

# Issues that are only hints for appstreamcli but that Flathub refuses to publish.
FLATHUB_RAISED_TAGS = [
    'content-rating-missing',
    'desktop-app-launchable-missing',
    'releases-info-missing',
    'release-time-missing',
    'screenshot-no-caption',
    'screenshot-default-missing',
    'screenshot-media-url-not-secure',
    'url-not-secure',
    'summary-has-dot-suffix',
    'name-has-dot-suffix',
    'metadata-license-missing',
]

# (tag, hint) of the single issue tolerated: appstream 0.16 predates <developer>.
ACCEPTED_ISSUES = {('unknown-tag', 'developer')}

ISSUE_LINE = re.compile(r'^([EWIP]): [^:]*:[^:]*: (\S+)(?: (.*))?$')


def validator_problems(path):
    """Returns the validator issues that are not explicitly accepted."""
    command = ['appstreamcli', 'validate', '--strict', '--no-net',
               '--override=' + ','.join(tag + '=error' for tag in FLATHUB_RAISED_TAGS),
               path]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True)
    problems = []
    issues_seen = 0
    for line in result.stdout.splitlines():
        match = ISSUE_LINE.match(line)
        if not match:
            continue
        issues_seen += 1
        tag, hint = match.group(2), (match.group(3) or '').strip()
        if (tag, hint) not in ACCEPTED_ISSUES:
            problems.append(line)
    # A failing run with no issue we could read means the tool itself failed.
    if result.returncode != 0 and issues_seen == 0:
        problems.append('appstreamcli failed without naming an issue:\n' + result.stdout)
    return problems


def missing_elements(path, application_id, version):
    """Returns a description of each element Flathub requires that the file lacks."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        return ['the file is not well-formed XML: %s' % error]

    def text(xpath):
        element = root.find(xpath)
        return (element.text or '').strip() if element is not None else ''

    missing = []
    if root.tag != 'component' or root.get('type') != 'desktop-application':
        missing.append('<component type="desktop-application">')
    if text('id') != application_id:
        missing.append('<id> %s (found "%s")' % (application_id, text('id')))
    for name in ('name', 'summary', 'metadata_license', 'project_license'):
        if not text(name):
            missing.append('<%s>' % name)
    if root.find('description/p') is None:
        missing.append('<description> with a paragraph')
    developer = root.find('developer')
    if developer is None or not developer.get('id') or not text('developer/name'):
        missing.append('<developer id="..."> with a <name>')
    if text("launchable[@type='desktop-id']") != application_id + '.desktop':
        missing.append('<launchable type="desktop-id">%s.desktop' % application_id)
    if not text("url[@type='homepage']"):
        missing.append('<url type="homepage">')
    rating = root.find('content_rating')
    if rating is None or rating.get('type') != 'oars-1.1':
        missing.append('<content_rating type="oars-1.1">')
    release = root.find('releases/release')
    if release is None or not release.get('date'):
        missing.append('<releases> with a dated <release>')
    elif release.get('version') != version:
        missing.append('<release version="%s"> (the newest release is "%s")'
                       % (version, release.get('version')))
    screenshots = root.findall('screenshots/screenshot')
    if not screenshots:
        missing.append('<screenshots>')
    for screenshot in screenshots:
        if not (screenshot.findtext('image') or '').startswith('https://'):
            missing.append('a screenshot <image> with an https address')
        if not (screenshot.findtext('caption') or '').strip():
            missing.append('a screenshot <caption>')
    schemes = {color.get('scheme_preference') for color in root.findall('branding/color')}
    if not {'light', 'dark'} <= schemes:
        missing.append('<branding> colours for both light and dark')
    return missing


def main():
    if len(sys.argv) != 4:
        print('usage: check-metainfo.py FILE APPLICATION-ID VERSION')
        return 2
    path, application_id, version = sys.argv[1:]
    if shutil.which('appstreamcli') is None:
        print('appstreamcli is not installed (Debian package appstream)')
        return 77

    failed = False
    for problem in validator_problems(path):
        print('appstreamcli: ' + problem)
        failed = True
    for element in missing_elements(path, application_id, version):
        print('missing: ' + element)
        failed = True
    if not failed:
        print('%s passes the Flathub checks' % path)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
