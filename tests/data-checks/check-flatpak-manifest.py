#!/usr/bin/env python3
"""Checks a Flatpak manifest: flatpak-builder must read it without a word on stderr, and the
sandbox must get exactly the permissions the game needs, nothing more (no file system and no
dconf: GSettings use the keyfile backend inside the sandbox; the network, for playing a friend
on another machine, and the system's Avahi daemon on D-Bus, to find games on the same
network)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile

EXPECTED_FINISH_ARGS = ['--share=ipc', '--share=network', '--socket=fallback-x11',
                        '--socket=wayland', '--device=dri',
                        '--system-talk-name=org.freedesktop.Avahi']


def main():
    if len(sys.argv) != 3:
        print('usage: check-flatpak-manifest.py MANIFEST APPLICATION-ID')
        return 2
    path, application_id = sys.argv[1:]
    failed = False

    if shutil.which('flatpak-builder') is None:
        print('flatpak-builder is not installed (Debian package flatpak-builder)')
        return 77
    # flatpak-builder leaves a .flatpak-builder state folder behind in its working folder.
    with tempfile.TemporaryDirectory() as state_dir:
        result = subprocess.run(['flatpak-builder', '--show-manifest', os.path.abspath(path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                universal_newlines=True, cwd=state_dir)
    if result.returncode != 0 or result.stderr.strip():
        print('flatpak-builder --show-manifest %s failed:' % path)
        print(result.stderr)
        failed = True

    with open(path, encoding='utf-8') as manifest_file:
        manifest = json.load(manifest_file)

    expectations = {
        'id': application_id,
        'runtime': 'org.gnome.Platform',
        'runtime-version': '50',
        'sdk': 'org.gnome.Sdk',
        'command': 'crapette',
    }
    for key, wanted in expectations.items():
        if manifest.get(key) != wanted:
            print('"%s" is %r, expected %r' % (key, manifest.get(key), wanted))
            failed = True

    finish_args = manifest.get('finish-args', [])
    if (sorted(finish_args) != sorted(EXPECTED_FINISH_ARGS)
            or len(finish_args) != len(EXPECTED_FINISH_ARGS)):
        print('finish-args are %s, expected exactly %s' % (finish_args, EXPECTED_FINISH_ARGS))
        failed = True

    modules = manifest.get('modules', [])
    project = modules[-1] if modules else {}
    if project.get('buildsystem') != 'meson':
        print('the last module must be the project, built with meson')
        failed = True
    if {'type': 'dir', 'path': '..'} not in project.get('sources', []):
        print('the project module must use the work tree as a local "dir" source, path ".."')
        failed = True
    for cleaned in ('/include', '/lib/pkgconfig'):
        if cleaned not in manifest.get('cleanup', []):
            print('"cleanup" should remove %s' % cleaned)
            failed = True

    if not failed:
        print('%s is a valid manifest with the expected permissions' % path)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
