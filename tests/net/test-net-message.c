/* test-net-message.c: the protocol reader on hand-made messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each refusal the reader makes, on a line written by hand or sealed and then spoiled: too
 * long, not a message, a MAC that does not hold (another key, another role, a changed
 * payload), a number seen before or out of order; and that a refused line leaves the
 * reader where it was.
 */

#include "config.h"

#include <string.h>

#include "crapette-net-message.h"
#include "crapette-transport.h"

static const guint8 key[CRAPETTE_NET_KEY_SIZE] = "0123456789abcdef0123456789abcde";
static const guint8 other_key[CRAPETTE_NET_KEY_SIZE] = "Xa23456789abcdef0123456789abcde";

/* A line the host sealed with the shared key. */
static char *
from_host (guint64          seq,
           CrapetteNetKind  kind,
           const char      *payload)
{
  return crapette_net_message_seal (key, CRAPETTE_NET_ROLE_HOST, seq, kind, payload);
}

/* A line the guest sealed with the shared key. */
static char *
from_guest (guint64          seq,
            CrapetteNetKind  kind,
            const char      *payload)
{
  return crapette_net_message_seal (key, CRAPETTE_NET_ROLE_GUEST, seq, kind, payload);
}

/* A fresh reader of what the host sends. */
static void
host_reader (CrapetteNetReader *reader)
{
  crapette_net_reader_init (reader, key, CRAPETTE_NET_ROLE_HOST);
}

static void
assert_refused (CrapetteNetReader *reader,
                const char        *line,
                int                code)
{
  CrapetteNetMessage message = { 0 };
  g_autoptr(GError) error = NULL;
  guint64 last = reader->last_seq;

  g_assert_false (crapette_net_reader_accept (reader, line, &message, &error));
  g_assert_error (error, CRAPETTE_NET_ERROR, code);
  g_assert_nonnull (error->message);
  g_assert_cmpuint (strlen (error->message), >, 10);
  g_assert_null (message.payload);
  g_assert_cmpuint (reader->last_seq, ==, last);
}

static void
assert_accepted (CrapetteNetReader *reader,
                 const char        *line,
                 CrapetteNetKind    kind,
                 const char        *payload)
{
  CrapetteNetMessage message = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_net_reader_accept (reader, line, &message, &error));
  g_assert_no_error (error);
  g_assert_cmpint (message.kind, ==, kind);
  g_assert_cmpstr (message.payload, ==, payload);
  crapette_net_message_clear (&message);
}

static void
test_round_trip (void)
{
  CrapetteNetReader reader;
  g_autofree char *first = from_host (1, CRAPETTE_NET_MOVE, "1 0 S: R 7♦ → F3");
  g_autofree char *second = from_host (2, CRAPETTE_NET_PING, "");

  host_reader (&reader);
  g_assert_true (g_str_has_prefix (first, "1 move "));
  assert_accepted (&reader, first, CRAPETTE_NET_MOVE, "1 0 S: R 7♦ → F3");
  assert_accepted (&reader, second, CRAPETTE_NET_PING, "");
  g_assert_cmpuint (reader.last_seq, ==, 2);
}

static void
test_too_long (void)
{
  CrapetteNetReader reader;
  g_autofree char *payload = g_strnfill (CRAPETTE_TRANSPORT_MAX_LINE, 'a');
  g_autofree char *line = from_host (1, CRAPETTE_NET_PRESET, payload);
  g_autofree char *huge = g_strnfill (10 * 1024 * 1024, 'x');

  host_reader (&reader);
  assert_refused (&reader, line, CRAPETTE_NET_ERROR_TOO_LONG);
  assert_refused (&reader, huge, CRAPETTE_NET_ERROR_TOO_LONG);
}

static void
test_garbage (void)
{
  const char *lines[] = {
    "", " ", "hello", "1", "1 move", "1 move ", "x move 00", "01 ping " ,
    "1 nosuchkind 0000000000000000000000000000000000000000000000000000000000000000",
    "1 ping 000000000000000000000000000000000000000000000000000000000000000",
    "1 ping 00000000000000000000000000000000000000000000000000000000000000000",
    "1 ping 0000000000000000000000000000000000000000000000000000000000000000 ",
    "1 ping 000000000000000000000000000000000000000000000000000000000000000G",
    "1 ping 000000000000000000000000000000000000000000000000000000000000000A",
    "-1 ping 0000000000000000000000000000000000000000000000000000000000000000",
    "99999999999999999999 ping 0000000000000000000000000000000000000000000000000000000000000000",
    "1  ping 0000000000000000000000000000000000000000000000000000000000000000",
    "1 ping 0000000000000000000000000000000000000000000000000000000000000000 a\tb",
    "1 ping 0000000000000000000000000000000000000000000000000000000000000000 \xff\xfe",
  };
  CrapetteNetReader reader;

  host_reader (&reader);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    assert_refused (&reader, lines[i], CRAPETTE_NET_ERROR_GARBAGE);
}

static void
test_forged (void)
{
  CrapetteNetReader reader;
  g_autofree char *wrong_key = crapette_net_message_seal (other_key, CRAPETTE_NET_ROLE_HOST, 1,
                                                          CRAPETTE_NET_PING, "");
  g_autofree char *reflected = from_guest (1, CRAPETTE_NET_PING, "");
  g_autofree char *good = from_host (1, CRAPETTE_NET_MOVE, "1 0 S: turn");
  g_autofree char *changed = g_strdup (good);
  g_autofree char *renumbered = NULL;
  g_autofree char *rekinded = NULL;

  host_reader (&reader);
  assert_refused (&reader, wrong_key, CRAPETTE_NET_ERROR_FORGED);
  assert_refused (&reader, reflected, CRAPETTE_NET_ERROR_FORGED);
  changed[strlen (changed) - 1] = 'x';
  assert_refused (&reader, changed, CRAPETTE_NET_ERROR_FORGED);
  /* The number and the kind are inside the MAC too. */
  renumbered = g_strconcat ("2", good + 1, NULL);
  assert_refused (&reader, renumbered, CRAPETTE_NET_ERROR_FORGED);
  rekinded = g_strdup (good);
  memcpy (strchr (rekinded, ' ') + 1, "ping", 4);
  assert_refused (&reader, rekinded, CRAPETTE_NET_ERROR_FORGED);
  assert_accepted (&reader, good, CRAPETTE_NET_MOVE, "1 0 S: turn");
}

static void
test_replayed_and_reordered (void)
{
  CrapetteNetReader reader;
  g_autofree char *one = from_host (1, CRAPETTE_NET_PING, "");
  g_autofree char *two = from_host (2, CRAPETTE_NET_PING, "");
  g_autofree char *three = from_host (3, CRAPETTE_NET_PING, "");
  g_autofree char *zero = from_host (0, CRAPETTE_NET_PING, "");

  host_reader (&reader);
  assert_refused (&reader, two, CRAPETTE_NET_ERROR_OUT_OF_ORDER);
  assert_refused (&reader, zero, CRAPETTE_NET_ERROR_REPLAYED);
  assert_accepted (&reader, one, CRAPETTE_NET_PING, "");
  assert_refused (&reader, one, CRAPETTE_NET_ERROR_REPLAYED);
  assert_refused (&reader, three, CRAPETTE_NET_ERROR_OUT_OF_ORDER);
  assert_accepted (&reader, two, CRAPETTE_NET_PING, "");
  assert_accepted (&reader, three, CRAPETTE_NET_PING, "");
  assert_refused (&reader, two, CRAPETTE_NET_ERROR_REPLAYED);
}

static void
test_resync_epochs (void)
{
  CrapetteNetReader reader;
  g_autofree char *first = from_guest (0, CRAPETTE_NET_RESYNC, "1 0 1 0 abc");
  g_autofree char *second = from_guest (0, CRAPETTE_NET_RESYNC, "2 0 1 0 abc");
  g_autofree char *no_epoch = from_guest (0, CRAPETTE_NET_RESYNC, "x 0 1 0 abc");

  crapette_net_reader_init (&reader, key, CRAPETTE_NET_ROLE_GUEST);
  assert_accepted (&reader, first, CRAPETTE_NET_RESYNC, "1 0 1 0 abc");
  assert_refused (&reader, first, CRAPETTE_NET_ERROR_REPLAYED);
  assert_refused (&reader, no_epoch, CRAPETTE_NET_ERROR_GARBAGE);
  assert_accepted (&reader, second, CRAPETTE_NET_RESYNC, "2 0 1 0 abc");
  /* A resync does not move the sequence of numbered messages on. */
  g_assert_cmpuint (reader.last_seq, ==, 0);
}

/* After a cut, a line already taken that comes again (held by the carrier and sent again by
 * the resynchronisation) is dropped without a word; a forged one is still refused, and a
 * number that skips ahead still is out of order. */
static void
test_resent_after_cut (void)
{
  CrapetteNetReader reader;
  CrapetteNetMessage message = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *one = from_host (1, CRAPETTE_NET_PING, "");
  g_autofree char *two = from_host (2, CRAPETTE_NET_MOVE, "1 0 S: turn");
  g_autofree char *four = from_host (4, CRAPETTE_NET_PING, "");
  g_autofree char *resync = from_host (0, CRAPETTE_NET_RESYNC, "1 0 1 1 abc");
  g_autofree char *forged = g_strdup (two);

  host_reader (&reader);
  assert_accepted (&reader, one, CRAPETTE_NET_PING, "");
  assert_accepted (&reader, two, CRAPETTE_NET_MOVE, "1 0 S: turn");
  assert_refused (&reader, two, CRAPETTE_NET_ERROR_REPLAYED);
  assert_accepted (&reader, resync, CRAPETTE_NET_RESYNC, "1 0 1 1 abc");
  g_assert_false (crapette_net_reader_accept (&reader, two, &message, &error));
  g_assert_no_error (error);
  g_assert_null (message.payload);
  g_assert_false (crapette_net_reader_accept (&reader, one, &message, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (reader.last_seq, ==, 2);
  forged[strlen (forged) - 1] = 'x';
  assert_refused (&reader, forged, CRAPETTE_NET_ERROR_FORGED);
  assert_refused (&reader, four, CRAPETTE_NET_ERROR_OUT_OF_ORDER);
}

static void
test_hex (void)
{
  guint8 bytes[4];
  g_autofree char *text = NULL;

  g_assert_true (crapette_net_parse_hex ("00ff10Ab", bytes, 4));
  text = crapette_net_format_hex (bytes, 4);
  g_assert_cmpstr (text, ==, "00ff10ab");
  g_assert_false (crapette_net_parse_hex ("00ff10A", bytes, 4));
  g_assert_false (crapette_net_parse_hex ("00ff10Ag", bytes, 4));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/message/round-trip", test_round_trip);
  g_test_add_func ("/net/message/too-long", test_too_long);
  g_test_add_func ("/net/message/garbage", test_garbage);
  g_test_add_func ("/net/message/forged", test_forged);
  g_test_add_func ("/net/message/replayed-and-reordered", test_replayed_and_reordered);
  g_test_add_func ("/net/message/resync-epochs", test_resync_epochs);
  g_test_add_func ("/net/message/resent-after-cut", test_resent_after_cut);
  g_test_add_func ("/net/message/hex", test_hex);
  return g_test_run ();
}
