/* xmpp-test-disco.c: the chat service found by asking the server (XEP-0030)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under prosody-run.sh: accounts.localhost names its chat service rooms.localhost in its
 * disco#items (no "conference." guess would find it), guest.localhost names none, so the
 * guess is given; a server whose certificate is refused gives the guess too, in bounded time.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "crapette-xmpp-disco.h"

#include <signal.h>

typedef struct
{
  char *service;
  gboolean found;
  gboolean done;
} Answer;

static void
on_found (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Answer *answer = data;

  answer->service = crapette_xmpp_disco_find_rooms_finish (result, &answer->found);
  answer->done = TRUE;
}

static void
ask (const char *jid,
     const char *password,
     const char *ca_file,
     Answer     *answer)
{
  CrapetteXmppAccount account = {
    .jid = jid,
    .password = password,
    .host = "127.0.0.1",
    .port = (guint16) g_ascii_strtoull (g_getenv ("CRAPETTE_PROSODY_PORT"), NULL, 10),
    .ca_file = ca_file,
  };
  gint64 deadline = g_get_monotonic_time () + (CRAPETTE_XMPP_DISCO_TIMEOUT_MS + 5000) * 1000;

  crapette_xmpp_disco_find_rooms_async (&account, NULL, on_found, answer);
  while (!answer->done && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
  g_assert_true (answer->done);
}

static void
test_named (void)
{
  Answer answer = { 0 };

  ask ("alice@accounts.localhost", "secret-1", g_getenv ("CRAPETTE_PROSODY_CA"), &answer);
  g_assert_cmpstr (answer.service, ==, "rooms.localhost");
  g_assert_true (answer.found);
  g_free (answer.service);
  /* libstrophe writes without MSG_NOSIGNAL: asking alone (no room worker in this program)
   * must have made a write to a socket the server closed fail, not kill the program, as it
   * once did to this test when a refused certificate closed the connection. */
  {
    struct sigaction current;

    g_assert_cmpint (sigaction (SIGPIPE, NULL, &current), ==, 0);
    g_assert_true (current.sa_handler == SIG_IGN);
  }
}

static void
test_guessed (void)
{
  Answer answer = { 0 };
  g_autofree char *guess = crapette_xmpp_disco_guess_rooms ("anne@example.org/laptop");

  g_assert_cmpstr (guess, ==, "conference.example.org");
  /* Signed in, but the server names no chat service. */
  ask ("guest.localhost", NULL, g_getenv ("CRAPETTE_PROSODY_CA"), &answer);
  g_assert_cmpstr (answer.service, ==, "conference.guest.localhost");
  g_assert_false (answer.found);
  g_clear_pointer (&answer.service, g_free);
  /* Not signed in at all (the certificate refused): the guess, and no wait for the limit. */
  answer.done = FALSE;
  {
    gint64 start = g_get_monotonic_time ();

    ask ("alice@accounts.localhost", "secret-1", g_getenv ("CRAPETTE_PROSODY_WRONG_CA"), &answer);
    g_assert_cmpint (g_get_monotonic_time () - start, <, CRAPETTE_XMPP_DISCO_TIMEOUT_MS * 1000);
  }
  g_assert_cmpstr (answer.service, ==, "conference.accounts.localhost");
  g_assert_false (answer.found);
  g_free (answer.service);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CRAPETTE_PROSODY_PORT") == NULL)
    {
      g_test_skip ("Run under tests/net/prosody-run.sh");
      return g_test_run ();
    }
  g_test_add_func ("/xmpp-disco/named", test_named);
  g_test_add_func ("/xmpp-disco/guessed", test_guessed);
  return g_test_run ();
}
