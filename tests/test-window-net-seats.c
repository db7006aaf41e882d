/* test-window-net-seats.c: each machine shows its own player near them, as "You"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window joins a friend's game, hosted by the test on 127.0.0.1 over the real direct
 * carrier, so the window plays North. Its table is turned half round: its own piles lie where
 * South's lie against the computer, the friend's on the far side, in both games and in wide
 * and tall windows. Its player is "You" and the friend is called by their name in the status
 * lines and the history; the friend's moves are said in words and marked on the table as the
 * computer's are. The layout's turn itself is checked for every picture of the table, and the
 * network menu's tooltip keeps off its open menu.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "crapette-direct-address.h"
#include "crapette-direct-certificate.h"
#include "crapette-direct-transport.h"
#include "crapette-net-status.h"
#include "crapette-table-private.h"
#include "crapette-window-private.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"

#define HOST_NAME "Ana"
#define LONG_NAME "Anastasia Konstantinopoulou"

typedef struct
{
  CrapetteWindow *window;
  CrapetteSession *session;       /* the friend's, who hosts */
  CrapetteDirectTransport *transport;
  CrapetteNetPeer *peer;
} Match;

/* ---- The layout's turn, without a window ------------------------------------------------ */

static gboolean
rects_close (const graphene_rect_t *a,
             const graphene_rect_t *b)
{
  return fabsf (a->origin.x - b->origin.x) <= 1 && fabsf (a->origin.y - b->origin.y) <= 1 &&
         fabsf (a->size.width - b->size.width) <= 1 && fabsf (a->size.height - b->size.height) <= 1;
}

/* Turned, North's piles lie where South's lay and the other way round, each fan spreading the
 * other way, every pile still clear of the plates; in every picture of both games. */
static void
test_layout_turn (void)
{
  static const struct { int width, height; } sizes[] = {
    { 1280, 700 }, { 1920, 1000 }, { 700, 1000 }, { 600, 900 }, { 1000, 520 },
  };
  guint arrangements_seen = 0;

  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (int rtl = 0; rtl <= 1; rtl++)
        {
          CrapetteTableLayout plain, turned;

          crapette_table_layout_compute (&plain, variant, sizes[i].width, sizes[i].height, 40,
                                         rtl);
          turned = plain;
          crapette_table_layout_turn (&turned);
          arrangements_seen |= 1u << plain.arrangement;

          for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK;
               kind <= CRAPETTE_PILE_KIND_RESERVE; kind++)
            {
              CrapettePileId south = crapette_pile_of_seat (kind, CRAPETTE_SOUTH);
              CrapettePileId north = crapette_pile_of_seat (kind, CRAPETTE_NORTH);

              if (!plain.slots[south].used)
                continue;
              g_assert_true (rects_close (&turned.slots[north].base, &plain.slots[south].base));
              g_assert_true (rects_close (&turned.slots[south].base, &plain.slots[north].base));
              if (plain.slots[south].badge.size.width > 0)
                g_assert_true (rects_close (&turned.slots[north].badge,
                                            &plain.slots[south].badge));
            }
          for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
            {
              const CrapetteSlot *slot = &turned.slots[pile];

              if (!slot->used)
                continue;
              if (plain.slots[pile].fan == CRAPETTE_FAN_RIGHT)
                g_assert_cmpint (slot->fan, ==, CRAPETTE_FAN_LEFT);
              else if (plain.slots[pile].fan == CRAPETTE_FAN_LEFT)
                g_assert_cmpint (slot->fan, ==, CRAPETTE_FAN_RIGHT);
              g_assert_cmpfloat (slot->bounds.origin.x, >=, 0);
              g_assert_cmpfloat (slot->bounds.origin.y, >=, 0);
              g_assert_cmpfloat (slot->bounds.origin.x + slot->bounds.size.width, <=,
                                 turned.width);
              g_assert_cmpfloat (slot->bounds.origin.y + slot->bounds.size.height, <=,
                                 turned.height);
              for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
                g_assert_false (graphene_rect_intersection (&slot->bounds,
                                                            &turned.plates[seat].area, NULL));
            }
          /* Each plate moves with its player's piles. */
          g_assert_true (rects_close (&turned.plates[CRAPETTE_NORTH].area,
                                      &plain.plates[CRAPETTE_SOUTH].area));
          g_assert_cmpint (turned.plates[CRAPETTE_NORTH].align, ==,
                           plain.plates[CRAPETTE_SOUTH].align);
        }
  /* Wide and tall pictures of both games were all turned. */
  g_assert_cmpuint (arrangements_seen, ==, 0xf);
}

/* ---- The window as the guest ------------------------------------------------------------ */

static gboolean
both_playing (gpointer data)
{
  Match *match = data;
  CrapetteNetPeer *guest = crapette_window_net_get_peer (match->window);

  return guest != NULL && crapette_net_peer_get_state (guest) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_state (match->peer) == CRAPETTE_NET_PEER_PLAYING &&
         crapette_net_peer_get_peer_present (guest) &&
         crapette_net_peer_get_peer_present (match->peer);
}

static guint
n_moves (CrapetteSession *session)
{
  return crapette_round_get_n_moves (crapette_game_get_round (crapette_session_get_game (session)));
}

typedef struct
{
  Match *match;
  guint moves;
} MovesWait;

static gboolean
both_have_moves (gpointer data)
{
  MovesWait *wait = data;

  return n_moves (wait->match->session) == wait->moves &&
         n_moves (crapette_window_get_session (wait->match->window)) == wait->moves;
}

/* Hosts a match of @variant on 127.0.0.1 for the window to join, and waits for both to play. */
static void
start_match (Match          *match,
             CrapetteVariant variant,
             const char     *host_name,
             int             width,
             int             height)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autofree char *path = crapette_direct_certificate_get_path ();
  g_autofree char *pin = NULL;
  g_autofree char *address = NULL;
  GtkWindow *dialog;
  CrapetteRules rules;
  guint8 key[CRAPETTE_NET_KEY_SIZE];

  for (guint i = 0; i < CRAPETTE_NET_KEY_SIZE; i++)
    key[i] = (guint8) (i * 7 + 3);
  certificate = crapette_direct_certificate_load (path, &error);
  g_assert_no_error (error);
  match->transport = crapette_direct_transport_listen ("127.0.0.1", 0, certificate, &error);
  g_assert_no_error (error);
  pin = crapette_direct_certificate_get_pin (certificate);
  address = crapette_direct_address_format ("127.0.0.1",
                                            crapette_direct_transport_get_port (match->transport),
                                            pin, key);
  match->session = crapette_session_new (NULL);
  match->peer = crapette_net_peer_new (match->session, CRAPETTE_TRANSPORT (match->transport),
                                       CRAPETTE_NET_ROLE_HOST, key, host_name);
  crapette_rules_init_default (&rules);
  crapette_net_peer_set_match (match->peer, variant, &rules,
                               variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300);
  crapette_net_peer_start (match->peer);

  match->window = crapette_window_new (NULL);
  ui_test_show_window (match->window, width, height);
  g_assert_true (crapette_window_net_join (match->window, address, &error));
  g_assert_no_error (error);
  ui_test_run_until (both_playing, match, 20000, "both sides to play");
  dialog = crapette_window_net_get_dialog (match->window);
  if (dialog != NULL)
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  ui_test_drain ();
  crapette_table_finish_animations (crapette_window_get_table (match->window));
}

static void
end_match (Match *match)
{
  gtk_window_destroy (GTK_WINDOW (match->window));
  ui_test_drain ();
  g_clear_object (&match->peer);
  crapette_transport_close (CRAPETTE_TRANSPORT (match->transport));
  g_clear_object (&match->transport);
  g_clear_object (&match->session);
}

static void
pile_centre (CrapetteTable          *table,
             CrapettePileId          pile,
             graphene_point_t       *centre)
{
  graphene_rect_t bounds;

  g_assert_true (crapette_table_get_pile_bounds (table, pile, &bounds));
  graphene_rect_get_center (&bounds, centre);
}

/* The window's own piles (North's) lie where South's lie unturned, the friend's where North's
 * did. */
static void
check_own_piles_near (CrapetteTable *table)
{
  graphene_point_t turned[CRAPETTE_N_PILES], plain[CRAPETTE_N_PILES];

  g_assert_cmpint (crapette_table_get_near_seat (table), ==, CRAPETTE_NORTH);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    if (crapette_table_pile_is_used (table, pile))
      pile_centre (table, pile, &turned[pile]);

  crapette_table_set_near_seat (table, CRAPETTE_SOUTH);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    if (crapette_table_pile_is_used (table, pile))
      pile_centre (table, pile, &plain[pile]);
  crapette_table_set_near_seat (table, CRAPETTE_NORTH);

  for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK; kind <= CRAPETTE_PILE_KIND_RESERVE;
       kind++)
    {
      CrapettePileId south = crapette_pile_of_seat (kind, CRAPETTE_SOUTH);
      CrapettePileId north = crapette_pile_of_seat (kind, CRAPETTE_NORTH);

      if (!crapette_table_pile_is_used (table, south))
        continue;
      g_assert_cmpfloat (fabsf (turned[north].x - plain[south].x), <=, 1);
      g_assert_cmpfloat (fabsf (turned[north].y - plain[south].y), <=, 1);
      g_assert_cmpfloat (fabsf (turned[south].x - plain[north].x), <=, 1);
      g_assert_cmpfloat (fabsf (turned[south].y - plain[north].y), <=, 1);
    }
}

/* Plays one move of the friend's, who hosts, with @player choosing. */
static void
play_friend_move (Match          *match,
                  CrapettePlayer *player,
                  CrapetteMove   *move)
{
  CrapetteGame *game = crapette_session_get_game (match->session);
  CrapettePosition view;
  g_autoptr (GError) error = NULL;

  crapette_view_init_known (&view, crapette_round_get_position (crapette_game_get_round (game)));
  crapette_player_choose (player, &view, move);
  g_assert_true (crapette_session_play (match->session, crapette_game_get_current_player (game),
                                        move, &error));
  g_assert_no_error (error);
}

/* Plays one move of the window's own, through its session as the table would. */
static void
play_own_move (Match          *match,
               CrapettePlayer *player)
{
  CrapetteSession *session = crapette_window_get_session (match->window);
  CrapetteGame *game = crapette_session_get_game (session);
  CrapettePosition view;
  CrapetteMove move;
  g_autoptr (GError) error = NULL;

  crapette_view_init_known (&view, crapette_round_get_position (crapette_game_get_round (game)));
  crapette_player_choose (player, &view, &move);
  g_assert_true (crapette_session_play (session, crapette_game_get_current_player (game), &move,
                                        &error));
  g_assert_no_error (error);
}

static gboolean
contains (const char *text,
          const char *part)
{
  return text != NULL && strstr (text, part) != NULL;
}

static void
check_guest (CrapetteVariant variant,
             int             width,
             int             height)
{
  Match match = { 0 };
  CrapetteSession *session;
  CrapetteTable *table;
  CrapetteHistoryPanel *history;
  g_autoptr (CrapettePlayer) friend_player = NULL;
  g_autoptr (CrapettePlayer) own_player = NULL;
  g_autoptr (GError) error = NULL;
  MovesWait wait = { &match, 0 };
  guint friend_moves = 0, own_moves = 0, marked = 0, attempts = 0;
  gboolean friend_heading = FALSE, own_heading = FALSE;

  /* The deal is chosen by both sides together, so it cannot be picked: the rare one whose
   * round blocks before the friend has played a few moves is dealt again, a few times at most. */
 again:
  friend_moves = own_moves = marked = 0;
  start_match (&match, variant, HOST_NAME, width, height);
  session = crapette_window_get_session (match.window);
  table = crapette_window_get_table (match.window);
  g_assert_cmpint (crapette_session_get_remote_seat (session), ==, CRAPETTE_SOUTH);
  g_assert_cmpint (crapette_game_get_variant (crapette_session_get_game (session)), ==, variant);

  /* 1. The window's own piles are near, the friend's far. */
  check_own_piles_near (table);

  /* 2. "You" at this screen, the friend by name; never the other way round. */
  g_assert_true (contains (crapette_window_get_status (match.window, CRAPETTE_SOUTH), HOST_NAME));
  g_assert_false (contains (crapette_window_get_status (match.window, CRAPETTE_NORTH), HOST_NAME));
  g_assert_cmpstr (crapette_window_player_name (match.window, CRAPETTE_NORTH), ==, "You");
  g_assert_cmpstr (crapette_window_player_name (match.window, CRAPETTE_SOUTH), ==, HOST_NAME);
  g_assert_cmpstr (crapette_player_names_get (crapette_game_get_players (crapette_session_get_game (match.session)),
                                              CRAPETTE_SOUTH), ==, "You");

  /* 3. Moves both ways: each of the friend's said and marked as the computer's is. */
  friend_player = crapette_player_new ("easy", 21, &error);
  g_assert_no_error (error);
  own_player = crapette_player_new ("easy", 22, &error);
  g_assert_no_error (error);
  wait.moves = n_moves (session);
  for (guint i = 0; i < 400 && (friend_moves < 12 || own_moves < 4); i++)
    {
      if (!crapette_match_is_round_in_play (crapette_session_get_match (session)))
        break;
      if (crapette_session_is_remote_to_move (session))
        {
          CrapetteMove move;
          CrapettePileId from, to;

          play_friend_move (&match, friend_player, &move);
          wait.moves++;
          ui_test_run_until (both_have_moves, &wait, 10000, "the friend's move to arrive");
          if (move.kind == CRAPETTE_MOVE_STOP)
            continue;
          friend_moves++;
          /* A move that ends the round leaves the line to how the round ended. */
          if (crapette_match_is_round_in_play (crapette_session_get_match (session)))
            g_assert_true (g_str_has_prefix (crapette_window_get_announcement (match.window),
                                             HOST_NAME " "));
          if (move.kind == CRAPETTE_MOVE_CARD)
            {
              g_assert_true (crapette_table_get_marked_move (table, &from, &to));
              g_assert_cmpint (from, ==, move.from);
              g_assert_cmpint (to, ==, move.to);
              marked++;
            }
          else if (move.kind == CRAPETTE_MOVE_TURN)
            {
              g_assert_true (crapette_table_get_marked_move (table, &from, &to));
              g_assert_cmpint (from, ==, crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                                 CRAPETTE_SOUTH));
              marked++;
            }
        }
      else
        {
          play_own_move (&match, own_player);
          wait.moves++;
          ui_test_run_until (both_have_moves, &wait, 10000, "our move to arrive");
          own_moves++;
          /* One's own move is no friend's to be told of (one that ends the round leaves the
           * line to how the round ended, which may be the friend's win in a blocked round). */
          if (crapette_match_is_round_in_play (crapette_session_get_match (session)))
            g_assert_false (g_str_has_prefix (crapette_window_get_announcement (match.window),
                                              HOST_NAME " "));
        }
      crapette_table_finish_animations (table);
    }
  if (friend_moves < 3 && ++attempts < 4 &&
      !crapette_match_is_round_in_play (crapette_session_get_match (session)))
    {
      g_clear_object (&friend_player);
      g_clear_object (&own_player);
      end_match (&match);
      match = (Match) { 0 };
      goto again;
    }
  g_assert_cmpuint (friend_moves, >=, 3);
  g_assert_cmpuint (marked, >=, 1);

  /* The history names the friend's turns by name and the window's own as "You". */
  history = match.window->history_panel;
  for (guint turn = 0; turn < crapette_history_panel_get_n_turns (history); turn++)
    {
      const char *heading = crapette_history_panel_get_turn_heading (history, turn);

      friend_heading |= contains (heading, HOST_NAME);
      own_heading |= g_str_has_prefix (heading, "You");
    }
  g_assert_true (friend_heading);
  if (own_moves > 0)
    g_assert_true (own_heading);
  {
    g_autofree char *name = g_strdup_printf ("net-guest-%s-%dx%d",
                                             variant == CRAPETTE_VARIANT_AMERICAN ? "american"
                                                                                  : "russian",
                                             width, height);

    ui_test_save_picture (GTK_WIDGET (match.window), name);
  }

  end_match (&match);
}

static void
test_guest_russian_wide (void)
{
  check_guest (CRAPETTE_VARIANT_RUSSIAN, 1280, 800);
}

static void
test_guest_russian_tall (void)
{
  check_guest (CRAPETTE_VARIANT_RUSSIAN, 700, 1000);
}

static void
test_guest_american_wide (void)
{
  check_guest (CRAPETTE_VARIANT_AMERICAN, 1280, 800);
}

static void
test_guest_american_tall (void)
{
  check_guest (CRAPETTE_VARIANT_AMERICAN, 700, 1000);
}

/* The friend's name stands whole in the header bar, and the menu's tooltip keeps off it. */
static void
test_header (void)
{
  Match match = { 0 };
  GtkWidget *status, *menu_button;
  GtkPopover *popover;
  GtkWidget *name_label = NULL;

  start_match (&match, CRAPETTE_VARIANT_RUSSIAN, LONG_NAME, 1280, 800);
  status = crapette_window_net_get_status (match.window);
  g_assert_true (gtk_widget_get_mapped (status));
  for (GtkWidget *child = gtk_widget_get_first_child (status); child != NULL && name_label == NULL;
       child = gtk_widget_get_first_child (child))
    if (GTK_IS_BOX (child) && GTK_IS_LABEL (gtk_widget_get_first_child (child)))
      name_label = gtk_widget_get_first_child (child);
  g_assert_nonnull (name_label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (name_label)), ==, LONG_NAME);
  {
    /* A long name stands whole where the header bar has room, with no tooltip. */
    int minimum, natural;

    ui_test_wait_for_frames (GTK_WIDGET (match.window));
    gtk_widget_measure (name_label, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL,
                        NULL);
    g_assert_cmpint (gtk_widget_get_width (name_label), >=, natural);
    g_assert_false (crapette_net_status_name_is_cut (CRAPETTE_NET_STATUS (status)));
    g_assert_false (gtk_widget_get_has_tooltip (name_label));
  }

  menu_button = crapette_window_net_get_menu_button (match.window);
  g_assert_true (gtk_widget_get_visible (menu_button));
  g_assert_true (gtk_widget_get_has_tooltip (menu_button));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  ui_test_wait_for_frames (GTK_WIDGET (match.window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_false (gtk_widget_get_has_tooltip (menu_button));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));
  ui_test_wait_for_frames (GTK_WIDGET (match.window));
  g_assert_true (gtk_widget_get_has_tooltip (menu_button));

  end_match (&match);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = folder_test_new_for_program ("crapette-window-net-seats-XXXXXX");

  /* The host's certificate is made in a folder of the test's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  ui_test_init (&argc, &argv);
  g_test_add_func ("/window-net-seats/layout-turn", test_layout_turn);
  g_test_add_func ("/window-net-seats/guest-russian-wide", test_guest_russian_wide);
  g_test_add_func ("/window-net-seats/guest-russian-tall", test_guest_russian_tall);
  g_test_add_func ("/window-net-seats/guest-american-wide", test_guest_american_wide);
  g_test_add_func ("/window-net-seats/guest-american-tall", test_guest_american_tall);
  g_test_add_func ("/window-net-seats/header", test_header);
  return g_test_run ();
}
