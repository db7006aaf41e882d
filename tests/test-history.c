/* test-history.c: the move history lists the round's moves, follows undo and new deals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "crapette-description.h"
#include "crapette-history-panel.h"
#include "crapette-notation.h"
#include "crapette-random.h"
#include "crapette-table-private.h"
#include "crapette-view.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"

static CrapetteHistoryPanel *
find_panel (GtkWidget *widget)
{
  if (CRAPETTE_IS_HISTORY_PANEL (widget))
    return CRAPETTE_HISTORY_PANEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      CrapetteHistoryPanel *found = find_panel (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The header button that shows the history. */
static GtkWidget *
find_toggle (GtkWidget *widget)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) &&
      g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "view-list-symbolic") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toggle (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The label an empty list shows, found by its words. */
static GtkWidget *
find_placeholder (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) &&
      g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), "No moves yet."))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_placeholder (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every move of the round is listed, in order, in the engine's words. */
static void
assert_lists_round (CrapetteHistoryPanel *panel,
                    CrapetteGame         *game)
{
  const CrapetteRound *round = crapette_game_get_round (game);
  CrapettePosition position = *crapette_round_get_start (round);

  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==,
                    crapette_round_get_n_moves (round));
  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    {
      const CrapetteMove *move = crapette_round_get_move (round, i);
      CrapettePosition view;
      g_autofree char *words = NULL;

      g_autofree char *revealed = crapette_describe_revealed (&position, move);

      crapette_view_init (&view, &position);
      words = crapette_describe_move_line (&view, move, crapette_game_get_players (game));
      g_assert_cmpstr (crapette_history_panel_get_move_text (panel, i), ==, words);
      /* A card turned from the stock or hand is named under its move. */
      g_assert_cmpstr (crapette_history_panel_get_move_note (panel, i), ==, revealed);
      if (move->kind == CRAPETTE_MOVE_TURN)
        g_assert_nonnull (revealed);
      g_assert_true (crapette_history_panel_move_has_mark (panel, i, "load") ==
                     (move->kind == CRAPETTE_MOVE_CARD &&
                      crapette_pile_seat (move->to) == crapette_seat_opponent (position.to_move)));
      crapette_position_apply_move (&position, move);
    }
}

/* Plays @move through the game, @data, as the computer's seat would. */
static void
play_through_game (const CrapetteMove *move,
                   gpointer            data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_game_play (CRAPETTE_GAME (data), move, &error));
  g_assert_no_error (error);
}

static void
test_history (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteGame *game = crapette_window_get_game (window);
  CrapetteHistoryPanel *panel = find_panel (GTK_WIDGET (window));
  GtkWidget *toggle, *revealer, *placeholder;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (panel);
  g_settings_reset (settings, "show-history");
  crapette_window_new_game (window, variant, 8);
  ui_test_show_window (window, 1280, 800);
  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, 0);

  /* Hidden at first; the header button shows it. */
  revealer = gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_REVEALER);
  g_assert_nonnull (revealer);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  toggle = find_toggle (GTK_WIDGET (window));
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  /* Before the first move the list says that it has none yet. */
  placeholder = find_placeholder (GTK_WIDGET (panel));
  g_assert_nonnull (placeholder);
  g_assert_true (gtk_widget_get_child_visible (placeholder));
  /* Remembered for the next start. */
  g_assert_true (g_settings_get_boolean (settings, "show-history"));

  /* A scripted stretch of the round, both players: every move listed in order. */
  for (guint i = 0; i < 60 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      gsize n_legal;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);

      g_assert_true (crapette_game_play (game, &legal[(i * 7) % n_legal], &error));
      g_assert_no_error (error);
    }
  assert_lists_round (panel, game);
  g_assert_false (gtk_widget_get_child_visible (placeholder));

  /* A new deal starts the list again. */
  crapette_window_new_game (window, variant, 9);
  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, 0);
  g_assert_true (gtk_widget_get_child_visible (placeholder));

  /* A move taken back leaves the list; played again, it comes back. Moves are played
   * until one that may be taken back (one that shows no new card) comes up. */
  {
    CrapetteMove quiet;

    ui_test_find_move_to_take_back (game, play_through_game, game, &quiet);
    g_assert_true (crapette_game_play (game, &quiet, &error));
    g_assert_true (crapette_game_can_undo (game));
  }
  {
    guint listed = crapette_history_panel_get_n_moves (panel);

    g_assert_true (crapette_game_undo (game));
    g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, listed - 1);
    assert_lists_round (panel, game);
    g_assert_true (crapette_game_redo (game));
    assert_lists_round (panel, game);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* ---- Looking back ------------------------------------------------------------ */

/* Whether the table shows the view after the first @n_moves moves of the round. */
static gboolean
table_shows_after (CrapetteTable *table,
                   CrapetteGame  *game,
                   guint          n_moves)
{
  const CrapetteRound *round = crapette_game_get_round (game);
  CrapettePosition position = *crapette_round_get_start (round);
  CrapettePosition view;

  for (guint i = 0; i < n_moves; i++)
    crapette_position_apply_move (&position, crapette_round_get_move (round, i));
  crapette_view_init (&view, &position);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    if (crapette_view_get_count (table->shown, pile) != view.piles[pile].count ||
        crapette_view_get_top (table->shown, pile) != crapette_position_top (&view, pile))
      return FALSE;
  return TRUE;
}

static GtkListBox *
find_list (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX (widget))
    return GTK_LIST_BOX (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListBox *found = find_list (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The button in @widget that activates @action. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Presses Escape as the window's capture-phase key controller sees it. */
static gboolean
press_escape (CrapetteWindow *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Escape, 0, 0, &handled);
    }
  return handled;
}

/* Whether both status lines tell of the table after @n_moves moves of the round: each
 * player's cards left, and the turn marker on the player to move then. */
static gboolean
status_tells_of (CrapetteWindow *window,
                 CrapetteGame   *game,
                 guint           n_moves)
{
  g_autoptr(CrapetteView) view = crapette_view_new_from_round (crapette_game_get_round (game),
                                                               n_moves);

  for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      const char *line = crapette_window_get_status (window, seat);
      guint left = crapette_view_get_cards_left (view, seat);
      g_autofree char *count = g_strdup_printf ("— %u card%s left", left, left == 1 ? "" : "s");

      if (strstr (line, count) == NULL ||
          (strstr (line, "▶") != NULL) != (crapette_view_get_to_move (view) == seat))
        return FALSE;
    }
  return TRUE;
}

/* Picking a move shows the table as it was after it, read-only, under a bar; the arrow keys
 * step through the moves; the button and Escape return to play, which caught up meanwhile. */
static void
test_look_back (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteGame *game = crapette_window_get_game (window);
  CrapetteTable *table = crapette_window_get_table (window);
  CrapetteHistoryPanel *panel = find_panel (GTK_WIDGET (window));
  GtkListBox *list = find_list (GTK_WIDGET (panel));
  g_autoptr(GError) error = NULL;
  guint selected = 0;
  guint n_moves;
  gsize n_legal;
  const CrapetteMove *legal;
  CrapetteMove next;

  crapette_window_new_game (window, variant, 8);
  ui_test_show_window (window, 1280, 800);
  for (guint i = 0; i < 30 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      legal = crapette_game_get_legal_moves (game, &n_legal);
      g_assert_true (crapette_game_play (game, &legal[(i * 5) % n_legal], &error));
    }
  g_assert_no_error (error);
  n_moves = crapette_history_panel_get_n_moves (panel);
  g_assert_cmpuint (n_moves, >=, 10);
  g_assert_false (crapette_table_is_looking_back (table));

  g_assert_true (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.hint")));

  /* Move 5 picked: the table as it was then, marked as a look back. */
  crapette_history_panel_select_move (panel, 4);
  ui_test_drain ();
  g_assert_true (crapette_table_is_looking_back (table));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (table), "looking-back"));
  g_assert_true (table_shows_after (table, game, 5));
  g_assert_false (table_shows_after (table, game, n_moves));
  /* The status lines tell of the past table: its counts, its player to move. */
  g_assert_true (status_tells_of (window, game, 5));
  g_assert_false (status_tells_of (window, game, n_moves));

  /* Nothing can be played meanwhile: no card turned, no undo, no hint. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.turn-card", NULL));
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, n_moves);
  g_assert_false (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.hint")));

  /* The arrow keys step on through the moves. */
  g_signal_emit_by_name (list, "move-cursor", GTK_MOVEMENT_DISPLAY_LINES, 1, FALSE, FALSE);
  ui_test_drain ();
  g_assert_true (crapette_history_panel_get_selected_move (panel, &selected));
  g_assert_cmpuint (selected, >, 4);
  g_assert_true (table_shows_after (table, game, selected + 1));

  /* The button returns to play. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.return-to-play", NULL));
  ui_test_drain ();
  g_assert_false (crapette_table_is_looking_back (table));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (table), "looking-back"));
  g_assert_true (table_shows_after (table, game, n_moves));
  g_assert_true (status_tells_of (window, game, n_moves));

  /* A move made while looking back (as the computer would) stays off the past table, and the
   * table catches up on return, by Escape. */
  crapette_history_panel_select_move (panel, 1);
  legal = crapette_game_get_legal_moves (game, &n_legal);
  next = legal[0];
  g_assert_true (crapette_game_play (game, &next, &error));
  g_assert_true (table_shows_after (table, game, 2));
  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, n_moves + 1);
  g_assert_true (press_escape (window));
  ui_test_drain ();
  g_assert_false (crapette_table_is_looking_back (table));
  g_assert_true (table_shows_after (table, game, n_moves + 1));
  /* Escape is the table's again. */
  g_assert_false (press_escape (window));

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* A red seven hops between two black eights after the reserve's three went onto a black four,
 * until the position after move 1 has come up three times. */
static const char ping_pong_match[] =
  "Crapette match\nVersion: 1\nVariant: russian\nLength: 100\nSeed: 7\n"
  "Opponent: two-players\n\n"
  "Crapette record\nVariant: russian\nRound: 1\nTo move: south\n\n"
  "SR: 3♦\nNR: 3♣*\nH1: 8♠ 7♥\nH2: 8♣*\nH3: 4♠*\nRest: SD ND\n\nMoves:\n";

/* A round blocked by repetition: the moves after which the repeated position stood are
 * marked in the history, and only those. */
static void
test_repetition_marked (void)
{
  g_autofree char *folder = folder_test_new ("crapette-history-XXXXXX");
  g_autofree char *path = g_build_filename (folder, "ping-pong.crapette", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteHistoryPanel *panel = find_panel (GTK_WIDGET (window));
  CrapetteGame *game = crapette_window_get_game (window);
  CrapetteMove reserve = { CRAPETTE_MOVE_CARD,
                           crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH),
                           crapette_pile_house (2), CRAPETTE_CARD_NONE };
  CrapetteMove there = { CRAPETTE_MOVE_CARD, crapette_pile_house (0), crapette_pile_house (1),
                         CRAPETTE_CARD_NONE };
  CrapetteMove back = { CRAPETTE_MOVE_CARD, crapette_pile_house (1), crapette_pile_house (0),
                        CRAPETTE_CARD_NONE };

  g_assert_true (g_file_set_contents (path, ping_pong_match, -1, &error));
  g_assert_true (crapette_window_open_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_game_play (game, &reserve, &error));
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (crapette_game_play (game, &there, &error));
      g_assert_true (crapette_game_play (game, &back, &error));
    }
  g_assert_no_error (error);
  g_assert_cmpint (crapette_game_get_phase (game), ==, CRAPETTE_OUTCOME_BLOCKED);

  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_true (crapette_history_panel_move_has_mark (panel, i, "repeated") == (i % 2 == 0));

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* A dealt Russian Bank round, ten idle turns allowed, for random play to block. */
static const char idle_match_format[] =
  "Crapette match\nVersion: 1\nVariant: russian\nRules: idle-turns=10\nLength: 3\n"
  "Seed: 7\nOpponent: two-players\n\n"
  "Crapette record\nVariant: russian\nRules: idle-turns=10\nDeal: %u\nRound: 1\n\nMoves:\n";

/* A round blocked by the idle-turn rule: the moves of the turns without progress are marked
 * in the history, and only those. */
static void
test_idle_turns_marked (void)
{
  g_autofree char *folder = folder_test_new ("crapette-history-XXXXXX");
  g_autofree char *path = g_build_filename (folder, "idle.crapette", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteHistoryPanel *panel = find_panel (GTK_WIDGET (window));
  CrapetteGame *game = crapette_window_get_game (window);
  CrapetteRandom random;
  gboolean checked = FALSE;

  crapette_random_init (&random, 11);
  for (guint deal = 1; deal <= 120 && !checked; deal++)
    {
      g_autofree char *text = g_strdup_printf (idle_match_format, deal);
      g_autoptr(GError) error = NULL;
      const CrapetteRound *round;
      guint stretch;

      g_assert_true (g_file_set_contents (path, text, -1, &error));
      g_assert_true (crapette_window_open_file (window, file, &error));
      g_assert_no_error (error);
      while (crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING)
        {
          const CrapettePosition *position = crapette_round_get_position (crapette_game_get_round (game));
          CrapetteMove moves[CRAPETTE_MAX_MOVES];
          gsize n = crapette_position_legal_moves (position, moves);

          g_assert_true (crapette_game_play (game, &moves[crapette_random_below (&random, (guint32) n)],
                                             &error));
        }
      round = crapette_game_get_round (game);
      if (crapette_round_get_position (round)->block_reason != CRAPETTE_BLOCK_IDLE_TURNS)
        continue;

      stretch = crapette_round_find_idle_stretch (round);
      g_assert_cmpuint (stretch, >, 0);
      g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==,
                        crapette_round_get_n_moves (round));
      for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
        g_assert_true (crapette_history_panel_move_has_mark (panel, i, "idle") == (i >= stretch));
      checked = TRUE;
    }
  g_assert_true (checked);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* South hops the 7♥ between the black eights while the 2♣ can go up, then plays on; North
 * calls "Stop!". */
static const char foundation_first[] =
  "Crapette position\n"
  "Variant: russian\n"
  "Rules: reserve=13 start=low-card idle-turns=50 mistakes=called\n"
  "To move: south\n"
  "\n"
  "SR: 9♦ 3♦\n"
  "NR: 3♣*\n"
  "H1: 8♠ 7♥\n"
  "H2: 8♣*\n"
  "H3: K♣\n"
  "H4: 2♣\n"
  "H5: 5♥\n"
  "H6: 9♥\n"
  "H7: Q♦\n"
  "H8: J♦\n"
  "F1: A♣\n"
  "Rest: SD ND\n";

/* The moves a call took back stay listed, marked, and the call is not; the same when the
 * round is listed again from its start. */
static void
test_taken_back_marked (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteHistoryPanel *panel = find_panel (GTK_WIDGET (window));
  CrapetteGame *game = crapette_window_get_game (window);
  CrapettePosition start;
  g_autoptr(CrapetteRound) round = NULL;
  g_autoptr(CrapetteRound) played = NULL;
  g_autoptr(GError) error = NULL;
  CrapetteMove moves[] = {
    { CRAPETTE_MOVE_CARD, crapette_pile_house (0), crapette_pile_house (1), CRAPETTE_CARD_NONE },
    { CRAPETTE_MOVE_CARD, crapette_pile_house (3), crapette_pile_foundation (0),
      CRAPETTE_CARD_NONE },
    { CRAPETTE_MOVE_STOP, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE, CRAPETTE_CARD_NONE },
  };

  g_assert_true (crapette_notation_parse_position (foundation_first, -1, &start, &error));
  round = crapette_round_new_from_position (&start, FALSE);
  crapette_game_load_round (game, round);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (crapette_game_play (game, &moves[i], &error));
  g_assert_no_error (error);

  for (guint pass = 0; pass < 2; pass++)
    {
      g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, 3);
      g_assert_true (crapette_history_panel_move_has_mark (panel, 0, "taken-back"));
      g_assert_true (crapette_history_panel_move_has_mark (panel, 1, "taken-back"));
      g_assert_false (crapette_history_panel_move_has_mark (panel, 2, "taken-back"));

      /* Listed again from the round's start, as when a saved game is resumed. */
      played = crapette_round_copy (crapette_game_get_round (game));
      crapette_game_load_round (game, played);
      g_clear_pointer (&played, crapette_round_free);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* ---- Long turns folded --------------------------------------------------------- */

/* More moves than this make a turn foldable (crapette-history-panel.c). */
#define FOLD_AFTER_MOVES 4

/* Every turn is listed under one heading that says its player, and for a long turn how many
 * moves; the computer's long turns are folded, the person's never are. */
static void
assert_turns_listed (CrapetteHistoryPanel *panel,
                     guint                *n_folded,
                     guint                *n_long_own)
{
  guint listed = 0;

  *n_folded = 0;
  *n_long_own = 0;
  for (guint t = 0; t < crapette_history_panel_get_n_turns (panel); t++)
    {
      guint first = 0;
      guint n = crapette_history_panel_get_turn_moves (panel, t, &first);
      const char *heading = crapette_history_panel_get_turn_heading (panel, t);
      GtkWidget *row = crapette_history_panel_get_turn_row (panel, t);
      gboolean computer = g_str_has_prefix (heading, "Computer (Medium)");
      gboolean folded = crapette_history_panel_turn_is_folded (panel, t);

      g_assert_cmpuint (first, ==, listed);
      g_assert_cmpuint (n, >, 0);
      listed += n;
      g_assert_true (computer || g_str_has_prefix (heading, "You"));
      if (n > FOLD_AFTER_MOVES)
        {
          g_autofree char *expected =
            g_strdup_printf ("%s, %u moves", computer ? "Computer (Medium)" : "You", n);

          g_assert_cmpstr (heading, ==, expected);
          /* Reached by the keyboard, and its state heard. */
          g_assert_true (gtk_widget_get_focusable (row));
          g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row),
                                               GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
          gtk_test_accessible_assert_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_EXPANDED,
                                            !folded);
        }
      else
        {
          g_assert_cmpstr (heading, ==, computer ? "Computer (Medium)" : "You");
          g_assert_false (gtk_widget_get_focusable (row));
        }
      g_assert_true (folded == (computer && n > FOLD_AFTER_MOVES));
      *n_folded += folded;
      *n_long_own += !computer && n > FOLD_AFTER_MOVES;
      for (guint i = first; i < first + n; i++)
        g_assert_true (crapette_history_panel_move_is_shown (panel, i) == !folded);
    }
  g_assert_cmpuint (listed, ==, crapette_history_panel_get_n_moves (panel));
}

/* A move for the player to move that keeps the turn going when it can: a card between houses
 * or onto a foundation first, so that turns grow long. */
static CrapetteMove
turn_long_move (CrapetteGame *game,
                guint         i)
{
  gsize n_legal;
  const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);
  CrapetteMove move;

  if (ui_test_find_card_move (game, CRAPETTE_N_PILE_KINDS, CRAPETTE_PILE_KIND_FOUNDATION, &move))
    return move;
  if (i % 3 != 0 &&
      ui_test_find_card_move (game, CRAPETTE_PILE_KIND_HOUSE, CRAPETTE_PILE_KIND_HOUSE, &move))
    return move;
  return legal[(i * 7) % n_legal];
}

/* A long turn of the computer shows as one heading, "Computer (Medium), 7 moves", folded;
 * a click or Enter on it unfolds and folds it again; looking back at one of its moves unfolds
 * it, and folding it lets go of the move. The person's long turns stay open. */
static void
test_long_turn_folded (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteGame *game = crapette_window_get_game (window);
  CrapetteTable *table = crapette_window_get_table (window);
  CrapetteHistoryPanel *panel = find_panel (GTK_WIDGET (window));
  GtkListBox *list = find_list (GTK_WIDGET (panel));
  g_autoptr(GError) error = NULL;
  guint n_folded = 0, n_long_own = 0, folded_turn = G_MAXUINT, first = 0;
  GtkWidget *heading;

  crapette_window_set_opponent (window, CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, 8);
  /* Both players' moves are the test's. */
  crapette_computer_turn_cancel (crapette_window_get_computer (window));
  ui_test_show_window (window, 1280, 800);
  for (guint i = 0; i < 600 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING &&
       (n_folded == 0 || n_long_own == 0); i++)
    {
      CrapetteMove move = turn_long_move (game, i);

      g_assert_true (crapette_game_play (game, &move, &error));
      g_assert_no_error (error);
      assert_turns_listed (panel, &n_folded, &n_long_own);
    }
  assert_lists_round (panel, game);
  g_test_message ("%u turns listed, %u folded, %u long turns of the person's",
                  crapette_history_panel_get_n_turns (panel), n_folded, n_long_own);
  g_assert_cmpuint (n_folded, >=, 1);
  g_assert_cmpuint (n_long_own, >=, 1);

  for (guint t = 0; t < crapette_history_panel_get_n_turns (panel) && folded_turn == G_MAXUINT;
       t++)
    if (crapette_history_panel_turn_is_folded (panel, t))
      folded_turn = t;
  heading = crapette_history_panel_get_turn_row (panel, folded_turn);
  crapette_history_panel_get_turn_moves (panel, folded_turn, &first);

  /* Activated (a click, or Enter on the focused heading): unfolded, then folded again. */
  g_signal_emit_by_name (list, "row-activated", heading);
  g_assert_false (crapette_history_panel_turn_is_folded (panel, folded_turn));
  g_assert_true (crapette_history_panel_move_is_shown (panel, first));
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_STATE_EXPANDED,
                                    TRUE);
  g_signal_emit_by_name (list, "row-activated", heading);
  g_assert_true (crapette_history_panel_turn_is_folded (panel, folded_turn));
  g_assert_false (crapette_history_panel_move_is_shown (panel, first));
  /* A heading is no move to look back at. */
  g_assert_false (gtk_list_box_row_get_selectable (GTK_LIST_BOX_ROW (heading)));

  /* Looking back at one of its moves unfolds it and shows the table as it was then. */
  crapette_history_panel_select_move (panel, first + 1);
  ui_test_drain ();
  g_assert_false (crapette_history_panel_turn_is_folded (panel, folded_turn));
  g_assert_true (crapette_table_is_looking_back (table));
  g_assert_true (table_shows_after (table, game, first + 2));
  /* Folded again, the move is let go of and the table is back in play. */
  g_signal_emit_by_name (list, "row-activated", heading);
  ui_test_drain ();
  g_assert_false (crapette_history_panel_get_selected_move (panel, NULL));
  g_assert_false (crapette_table_is_looking_back (table));

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_data_func ("/history/russian", GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_history);
  g_test_add_data_func ("/history/american", GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_history);
  g_test_add_data_func ("/history/look-back/russian", GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_look_back);
  g_test_add_data_func ("/history/look-back/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_look_back);
  g_test_add_func ("/history/repetition-marked", test_repetition_marked);
  g_test_add_func ("/history/idle-turns-marked", test_idle_turns_marked);
  g_test_add_func ("/history/taken-back-marked", test_taken_back_marked);
  g_test_add_func ("/history/long-turn-folded", test_long_turn_folded);
  return g_test_run ();
}
