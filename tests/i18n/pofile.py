# pofile.py: a small reader for gettext catalogues, shared by the i18n checks.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The checks only need each message's context, id, translations and flags, so this reads
# just that much instead of depending on a library the build machine may not have.

import ast


class Message:
    def __init__(self):
        self.context = None
        self.msgid = None
        self.msgid_plural = None
        self.msgstr = {}
        self.flags = set()
        self.obsolete = False

    @property
    def key(self):
        """The pair that identifies a message in a catalogue."""
        return (self.context, self.msgid)


def _unquote(text):
    return ast.literal_eval(text) if text.startswith('"') else ''


def read_messages(path):
    """Returns every message of the catalogue at @path, the header included (msgid "")."""
    messages = []
    current = None
    field = None
    index = None

    def finish():
        nonlocal current
        if current is not None and current.msgid is not None:
            messages.append(current)
        current = None

    with open(path, encoding='utf-8') as catalogue:
        for raw in catalogue:
            line = raw.strip()
            obsolete = line.startswith('#~')
            if obsolete:
                line = line[2:].strip()
            elif line.startswith('#'):
                if current is not None and current.msgid is not None:
                    finish()
                if current is None:
                    current = Message()
                if line.startswith('#,'):
                    current.flags.update(flag.strip() for flag in line[2:].split(','))
                continue
            if not line:
                finish()
                continue
            if current is None:
                current = Message()
            if obsolete:
                current.obsolete = True
            keyword, _, rest = line.partition(' ')
            if line.startswith('"'):
                value = _unquote(line)
                if field == 'msgstr':
                    current.msgstr[index] += value
                else:
                    setattr(current, field, getattr(current, field) + value)
                continue
            if keyword == 'msgctxt':
                if current.msgid is not None:
                    finish()
                    current = Message()
                    current.obsolete = obsolete
                field, current.context = 'context', _unquote(rest)
            elif keyword == 'msgid':
                if current.msgid is not None:
                    finish()
                    current = Message()
                    current.obsolete = obsolete
                field, current.msgid = 'msgid', _unquote(rest)
            elif keyword == 'msgid_plural':
                field, current.msgid_plural = 'msgid_plural', _unquote(rest)
            elif keyword.startswith('msgstr'):
                index = int(keyword[7:-1]) if '[' in keyword else 0
                field = 'msgstr'
                current.msgstr[index] = _unquote(rest)
    finish()
    return messages


def live_messages(path):
    """Returns the catalogue's messages without the header and the obsolete ones."""
    return [m for m in read_messages(path) if m.msgid != '' and not m.obsolete]


def header(path):
    """Returns the catalogue's header fields as a dictionary."""
    for message in read_messages(path):
        if message.msgid == '' and message.context is None and not message.obsolete:
            fields = {}
            for line in message.msgstr.get(0, '').split('\n'):
                name, _, value = line.partition(':')
                if value:
                    fields[name.strip()] = value.strip()
            return fields
    return {}
