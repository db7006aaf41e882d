/* test-net-status.c: the connection line says what the peer knows, as it changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two peers in one process over a loopback pair (tests/net/net-test-loopback.c); the link is
 * cut, and the host's line goes from Connected to a countdown, then to Gone with Claim.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-net-status.h"
#include "net-test-loopback.h"
#include "ui-test-helpers.h"

static const guint8 test_key[CRAPETTE_NET_KEY_SIZE] = "a key only the two players know";

typedef struct
{
  CrapetteSession *session[2];
  NetTestLoopback *link[2];
  CrapetteNetPeer *peer[2];
  CrapetteNetStatus *status;
} Fixture;

static gboolean
both_playing (gpointer data)
{
  Fixture *fixture = data;

  return crapette_net_peer_get_state (fixture->peer[0]) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (fixture->peer[1]) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_peer_present (fixture->peer[0]);
}

static gboolean
says_reconnecting (gpointer data)
{
  Fixture *fixture = data;

  return g_str_has_prefix (crapette_net_status_get_text (fixture->status), "Reconnecting…");
}

static gboolean
offers_claim (gpointer data)
{
  Fixture *fixture = data;

  return crapette_net_status_can_claim (fixture->status);
}

static void
test_follows_the_connection (void)
{
  Fixture fixture = { 0 };
  CrapetteRules rules;
  GtkWidget *claim;
  g_autofree char *first_countdown = NULL;

  net_test_loopback_new_pair (&fixture.link[0], &fixture.link[1]);
  for (guint i = 0; i < 2; i++)
    {
      fixture.session[i] = crapette_session_new (NULL);
      fixture.peer[i] = crapette_net_peer_new (fixture.session[i],
                                               CRAPETTE_TRANSPORT (fixture.link[i]),
                                               i == 0 ? CRAPETTE_NET_ROLE_HOST
                                                      : CRAPETTE_NET_ROLE_GUEST,
                                               test_key, i == 0 ? "Anne" : "Boris");
      /* Silence noticed after 0.3 s, and 3 s to come back, so the test takes seconds. */
      crapette_net_peer_set_timing (fixture.peer[i], 300, 3000);
    }
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (fixture.peer[0], CRAPETTE_VARIANT_RUSSIAN, &rules, 300);

  fixture.status = g_object_ref_sink (CRAPETTE_NET_STATUS (crapette_net_status_new ()));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_first_child (GTK_WIDGET (fixture.status))));
  crapette_net_status_set_peer (fixture.status, fixture.peer[0]);
  g_assert_true (crapette_net_status_get_peer (fixture.status) == fixture.peer[0]);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_first_child (GTK_WIDGET (fixture.status))));

  /* Connected (signed in and in the room, or listening) before the friend's program has
   * answered: the line says it waits for the friend, not that it is connecting. */
  g_assert_cmpstr (crapette_net_status_get_text (fixture.status), ==, "Waiting for your friend…");
  net_test_loopback_set_cut (fixture.link[0], TRUE);
  g_assert_cmpstr (crapette_net_status_get_text (fixture.status), ==, "Connecting…");
  net_test_loopback_set_cut (fixture.link[0], FALSE);
  g_assert_cmpstr (crapette_net_status_get_text (fixture.status), ==, "Waiting for your friend…");

  for (guint i = 0; i < 2; i++)
    crapette_net_peer_start (fixture.peer[i]);
  ui_test_run_until (both_playing, &fixture, 10000, "both peers to play");
  g_assert_cmpstr (crapette_net_status_get_text (fixture.status), ==, "Connected");
  g_assert_false (crapette_net_status_can_claim (fixture.status));

  net_test_loopback_set_cut (fixture.link[0], TRUE);
  ui_test_run_until (says_reconnecting, &fixture, 10000, "the countdown");
  first_countdown = g_strdup (crapette_net_status_get_text (fixture.status));
  g_assert_false (crapette_net_status_can_claim (fixture.status));

  ui_test_run_until (offers_claim, &fixture, 10000, "the grace period to end");
  g_assert_cmpstr (crapette_net_status_get_text (fixture.status), ==, "Gone");
  g_assert_cmpstr (first_countdown, !=, "Reconnecting… 1 second");

  claim = gtk_widget_get_last_child (gtk_widget_get_first_child (GTK_WIDGET (fixture.status)));
  g_assert_true (GTK_IS_BUTTON (claim));
  g_signal_emit_by_name (claim, "clicked");
  g_assert_cmpint (crapette_net_peer_get_state (fixture.peer[0]), ==, CRAPETTE_NET_PEER_ENDED);
  g_assert_cmpint (crapette_net_peer_get_end_reason (fixture.peer[0]), ==,
                   CRAPETTE_NET_END_CLAIMED);
  g_assert_false (crapette_net_status_can_claim (fixture.status));
  g_assert_cmpstr (crapette_net_status_get_text (fixture.status), ==, "Gone");

  crapette_net_status_set_peer (fixture.status, NULL);
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_first_child (GTK_WIDGET (fixture.status))));
  g_assert_finalize_object (fixture.status);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&fixture.peer[i]);
      g_clear_object (&fixture.session[i]);
      g_clear_object (&fixture.link[i]);
    }
}

int
main (int argc, char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/net-status/follows-the-connection", test_follows_the_connection);
  return g_test_run ();
}
