/* bench-net-keep.c: how long the main thread is held keeping the network match on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two peers in one process over a loopback pair (tests/net/net-test-loopback.c) play a long
 * Russian Bank match with easy players; the host keeps the match in a file of a temporary
 * folder (crapette-net-peer-saved.c), as the window does. Each of the host's moves is timed
 * from crapette_session_play() to its return: the move played, its line sealed, the file
 * written and the line handed to the transport, all on the main thread. Reported per block
 * of moves, so the cost's growth with the match shows. Target: <= 2 ms per line.
 * With "hidden" both deal hidden (crapette-net-peer-hidden.c): a move that turns a card up
 * also sends its key, and the file then holds the round's party whole (about 23 kB in
 * base64), written again whenever the deal changes.
 * Usage: bench-net-keep [MOVES] [hidden]   (default 6000 of the host's moves, the seed deal)
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench-stats.h"
#include "crapette-match.h"
#include "crapette-net-peer.h"
#include "crapette-player.h"
#include "crapette-round.h"
#include "net-test-loopback.h"

static const guint8 bench_key[CRAPETTE_NET_KEY_SIZE] = "a key only the two players know";

int
main (int   argc,
      char *argv[])
{
  guint target = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 6000;
  gboolean hidden = argc > 2 && g_str_equal (argv[2], "hidden");
  g_autofree char *folder = g_dir_make_tmp ("crapette-bench-keep-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "network-match.ini", NULL);
  g_autofree char *journal = g_build_filename (folder, "network-match.ini.log", NULL);
  CrapetteSession *session[2];
  CrapetteNetPeer *peer[2];
  CrapettePlayer *player[2];
  NetTestLoopback *link[2];
  g_autoptr(GArray) block = g_array_new (FALSE, FALSE, sizeof (double));
  CrapetteRules rules;
  guint host_moves = 0;
  gint64 start = g_get_monotonic_time ();
  GStatBuf st;

  net_test_loopback_new_pair (&link[0], &link[1]);
  for (guint i = 0; i < 2; i++)
    {
      session[i] = crapette_session_new (NULL);
      peer[i] = crapette_net_peer_new (session[i], CRAPETTE_TRANSPORT (link[i]),
                                       i == 0 ? CRAPETTE_NET_ROLE_HOST : CRAPETTE_NET_ROLE_GUEST,
                                       bench_key, i == 0 ? "Anne" : "Boris");
      player[i] = crapette_player_new ("easy", 3 + i, NULL);
      crapette_net_peer_set_hidden_offered (peer[i], hidden);
    }
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (peer[0], CRAPETTE_VARIANT_RUSSIAN, &rules, 300);
  crapette_net_peer_set_state_path (peer[0], path, "host 127.0.0.1 40000");
  crapette_net_peer_start (peer[0]);
  crapette_net_peer_start (peer[1]);
  while (crapette_net_peer_get_state (peer[0]) != CRAPETTE_NET_PEER_PLAYING ||
         crapette_net_peer_get_state (peer[1]) != CRAPETTE_NET_PEER_PLAYING)
    g_main_context_iteration (NULL, TRUE);

  printf ("moves  journal-kB  median-ms  p99-ms  max-ms\n");
  while (host_moves < target && g_get_monotonic_time () - start < 600 * G_USEC_PER_SEC)
    {
      for (guint i = 0; i < 2; i++)
        {
          CrapetteMatch *match = crapette_session_get_match (session[i]);
          CrapettePosition view;
          CrapetteMove move;
          gint64 before;

          if (crapette_net_peer_get_state (peer[i]) != CRAPETTE_NET_PEER_PLAYING || match == NULL ||
              crapette_match_is_finished (match))
            continue;
          if (!crapette_match_is_round_in_play (match))
            {
              crapette_session_next_round (session[i]);
              continue;
            }
          /* Dealt hidden, a card turned up waits for both keys. */
          if (crapette_session_is_remote_to_move (session[i]) ||
              crapette_round_find_unshown (crapette_game_get_round (crapette_session_get_game (session[i])),
                                           NULL) > 0)
            continue;
          crapette_view_init_known (&view, crapette_round_get_position (crapette_game_get_round (crapette_session_get_game (session[i]))));
          crapette_player_choose (player[i], &view, &move);
          before = g_get_monotonic_time ();
          if (!crapette_session_play (session[i], crapette_game_get_current_player (crapette_session_get_game (session[i])),
                                      &move, NULL))
            g_error ("a move the player chose was refused");
          if (i == 0)
            {
              double ms = (double) (g_get_monotonic_time () - before) / 1000.0;

              g_array_append_val (block, ms);
              host_moves++;
              if (host_moves % 1000 == 0)
                {
                  g_stat (journal, &st);
                  printf ("%5u  %7.0f  %9.3f  %6.3f  %6.3f\n", host_moves, (double) st.st_size / 1024.0,
                          bench_median (block), bench_percentile (block, 0.99), bench_max (block));
                  fflush (stdout);
                  g_array_set_size (block, 0);
                }
            }
        }
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (crapette_match_is_finished (crapette_session_get_match (session[0])))
        break;
    }
  g_stat (path, &st);
  printf ("host moves: %u (%s deal), header %.1f kB\n", host_moves,
          crapette_net_peer_get_deal_hidden (peer[0]) ? "hidden" : "seed", (double) st.st_size / 1024.0);
  for (guint i = 0; i < 2; i++)
    {
      g_object_unref (peer[i]);
      g_object_unref (session[i]);
      g_object_unref (player[i]);
      g_object_unref (link[i]);
    }
  g_unlink (path);
  g_unlink (journal);
  g_rmdir (folder);
  return 0;
}
