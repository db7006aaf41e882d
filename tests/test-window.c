/* test-window.c: short games of both variants played through the window's own input paths
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every step goes through what a person's input goes through — the table's
 * actions, the handlers its gestures call, the keyboard bindings' actions —
 * and then the engine's state is checked.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-window-private.h"
#include "ui-test-helpers.h"

typedef struct
{
  CrapetteWindow *window;
  CrapetteTable *table;
  CrapetteGame *game;
  guint refusals;
  char *last_refusal;
} Fixture;

static void
on_refused_cb (CrapetteTable *table,
               const char    *message,
               Fixture       *fixture)
{
  fixture->refusals++;
  g_free (fixture->last_refusal);
  fixture->last_refusal = g_strdup (message);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);

  fixture->window = crapette_window_new (NULL);
  fixture->table = crapette_window_get_table (fixture->window);
  fixture->game = crapette_window_get_game (fixture->window);
  g_signal_connect (fixture->table, "refused", G_CALLBACK (on_refused_cb), fixture);
  crapette_window_new_game (fixture->window, variant, 42);
  ui_test_show_window (fixture->window, 1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (fixture->table, fixture);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
  g_free (fixture->last_refusal);
}

static guint
move_number (Fixture *fixture)
{
  return crapette_view_get_move_number (crapette_game_get_view (fixture->game));
}

static guint
pile_count (Fixture        *fixture,
            CrapettePileId  pile)
{
  return crapette_view_get_count (crapette_game_get_view (fixture->game), pile);
}

static void
activate_on_pile (Fixture        *fixture,
                  const char     *action,
                  CrapettePileId  pile)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), action, "u",
                                             (guint32) pile));
  crapette_table_finish_animations (fixture->table);
}

/* Plays @move by clicking its pile, then its target, and checks the engine moved the card. */
static void
play_by_clicks (Fixture            *fixture,
                const CrapetteMove *move)
{
  guint before = move_number (fixture);
  guint target_count = pile_count (fixture, move->to);

  activate_on_pile (fixture, "table.click-pile", move->from);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, move->from);
  g_assert_true (crapette_table_pile_is_target (fixture->table, move->to));

  activate_on_pile (fixture, "table.click-pile", move->to);
  g_assert_cmpuint (move_number (fixture), ==, before + 1);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, CRAPETTE_NO_PILE);
  if (crapette_pile_kind (move->to) != CRAPETTE_PILE_KIND_HOUSE ||
      crapette_game_get_variant (fixture->game) == CRAPETTE_VARIANT_RUSSIAN)
    g_assert_cmpuint (pile_count (fixture, move->to), ==, target_count + 1);
}

/* Plays @move with a drag, by calling the handlers the drag gesture calls. */
static void
play_by_drag (Fixture            *fixture,
              const CrapetteMove *move)
{
  GtkGesture *drag = crapette_table_get_drag_gesture (fixture->table);
  graphene_point_t from, to;
  guint before = move_number (fixture);

  ui_test_pile_point (fixture->table, move->from, &from);
  ui_test_pile_point (fixture->table, move->to, &to);

  g_signal_emit_by_name (drag, "drag-begin", (double) from.x, (double) from.y);
  g_signal_emit_by_name (drag, "drag-update", 20.0, 20.0);
  g_assert_true (crapette_table_pile_is_target (fixture->table, move->to));
  g_signal_emit_by_name (drag, "drag-update", (double) (to.x - from.x), (double) (to.y - from.y));
  g_signal_emit_by_name (drag, "drag-end", (double) (to.x - from.x), (double) (to.y - from.y));
  crapette_table_finish_animations (fixture->table);

  g_assert_cmpuint (move_number (fixture), ==, before + 1);
  g_assert_false (crapette_table_pile_is_target (fixture->table, move->to));
}

/* Turns a card with the window's shortcut action and checks it lies face up. */
static void
turn_by_shortcut (Fixture *fixture)
{
  CrapetteSeat seat = crapette_game_get_current_player (fixture->game);
  CrapettePileId turned = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat);
  guint before = move_number (fixture);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.turn-card",
                                             NULL));
  crapette_table_finish_animations (fixture->table);
  g_assert_cmpuint (move_number (fixture), ==, before + 1);
  g_assert_cmpuint (pile_count (fixture, turned), >=, 1);
  g_assert_true (crapette_card_is_real (
    crapette_view_get_top (crapette_game_get_view (fixture->game), turned)));
}

static gboolean
turn_is_legal (Fixture *fixture)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);

  for (gsize i = 0; i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_TURN)
      return TRUE;
  return FALSE;
}

/* A drop that breaks a rule leaves the game alone and says why. */
static void
check_refusal (Fixture *fixture)
{
  CrapetteSeat seat = crapette_game_get_current_player (fixture->game);
  CrapettePileId source = CRAPETTE_NO_PILE;
  CrapettePileId own_stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat);
  guint before = move_number (fixture);
  guint refusals = fixture->refusals;

  /* Any face-up card put onto the player's own stock is refused. */
  for (CrapettePileId pile = CRAPETTE_FIRST_HOUSE; pile < CRAPETTE_N_PILES; pile++)
    if (crapette_card_is_real (crapette_view_get_top (crapette_game_get_view (fixture->game),
                                                      pile)))
      {
        source = pile;
        break;
      }
  g_assert_cmpuint (source, !=, CRAPETTE_NO_PILE);

  /* Clicking the own stock would turn a card; drag onto it instead. */
  {
    GtkGesture *drag = crapette_table_get_drag_gesture (fixture->table);
    graphene_point_t from, to;

    ui_test_pile_point (fixture->table, source, &from);
    ui_test_pile_point (fixture->table, own_stock, &to);
    g_signal_emit_by_name (drag, "drag-begin", (double) from.x, (double) from.y);
    g_signal_emit_by_name (drag, "drag-update", (double) (to.x - from.x), (double) (to.y - from.y));
    g_signal_emit_by_name (drag, "drag-end", (double) (to.x - from.x), (double) (to.y - from.y));
    crapette_table_finish_animations (fixture->table);
  }

  g_assert_cmpuint (move_number (fixture), ==, before);
  g_assert_cmpuint (fixture->refusals, ==, refusals + 1);
  g_assert_nonnull (fixture->last_refusal);
  g_assert_cmpstr (fixture->last_refusal, !=, "");
}

/* Moves the focus with the arrow keys' action and plays a move with Enter's. */
static void
play_by_keyboard (Fixture            *fixture,
                  const CrapetteMove *move)
{
  guint before = move_number (fixture);

  gtk_widget_grab_focus (crapette_table_get_pile_view (fixture->table, move->from));
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, move->from);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.pick-or-drop",
                                             NULL));
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, move->from);

  /* Escape puts the card back; pick it up again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.cancel", NULL));
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, CRAPETTE_NO_PILE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.pick-or-drop",
                                             NULL));

  gtk_widget_grab_focus (crapette_table_get_pile_view (fixture->table, move->to));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.pick-or-drop",
                                             NULL));
  crapette_table_finish_animations (fixture->table);
  g_assert_cmpuint (move_number (fixture), ==, before + 1);
}

static void
test_arrow_keys (Fixture       *fixture,
                 gconstpointer  data)
{
  /* South's lowest house: South's reserve lies to its right, South's waste above that. */
  CrapettePileId start = crapette_pile_house (3);
  graphene_rect_t here, there;
  CrapettePileId now;

  gtk_widget_grab_focus (crapette_table_get_pile_view (fixture->table, start));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.move-focus",
                                             "i", (gint32) GTK_DIR_RIGHT));
  now = crapette_table_get_focus_pile (fixture->table);
  g_assert_cmpuint (now, !=, start);
  crapette_table_get_pile_bounds (fixture->table, start, &here);
  crapette_table_get_pile_bounds (fixture->table, now, &there);
  g_assert_cmpfloat (there.origin.x, >, here.origin.x);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.move-focus",
                                             "i", (gint32) GTK_DIR_UP));
  start = now;
  now = crapette_table_get_focus_pile (fixture->table);
  g_assert_cmpuint (now, !=, start);
  crapette_table_get_pile_bounds (fixture->table, start, &here);
  crapette_table_get_pile_bounds (fixture->table, now, &there);
  g_assert_cmpfloat (there.origin.y, <, here.origin.y);
}

/* A few turns of a round, each step through a different input path. */
static void
test_scripted_game (Fixture       *fixture,
                    gconstpointer  data)
{
  guint played_by_clicks = 0, played_by_drag = 0, played_by_keyboard = 0, turned = 0;

  check_refusal (fixture);

  for (guint step = 0; step < 60 && crapette_game_get_phase (fixture->game) ==
                                    CRAPETTE_OUTCOME_PLAYING; step++)
    {
      CrapetteMove move;

      if (ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS, CRAPETTE_N_PILE_KINDS,
                                  &move))
        {
          switch (step % 3)
            {
            case 0:
              play_by_clicks (fixture, &move);
              played_by_clicks++;
              break;
            case 1:
              play_by_drag (fixture, &move);
              played_by_drag++;
              break;
            default:
              play_by_keyboard (fixture, &move);
              played_by_keyboard++;
              break;
            }
        }
      else if (turn_is_legal (fixture))
        {
          turn_by_shortcut (fixture);
          turned++;
        }
      else
        {
          guint before = move_number (fixture);
          CrapetteSeat seat = crapette_game_get_current_player (fixture->game);

          /* Nothing to move or turn: a click on the own stock ends the turn. */
          activate_on_pile (fixture, "table.click-pile",
                            crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat));
          g_assert_cmpuint (move_number (fixture), ==, before + 1);
        }
      if (crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING)
        {
          CrapetteSeat seat = crapette_game_get_current_player (fixture->game);

          g_assert_nonnull (strstr (crapette_window_get_status (fixture->window, seat), "▶"));
        }
    }

  g_test_message ("clicks %u, drags %u, keyboard %u, turns %u", played_by_clicks,
                  played_by_drag, played_by_keyboard, turned);
  g_assert_cmpuint (played_by_clicks, >, 0);
  g_assert_cmpuint (played_by_drag, >, 0);
  g_assert_cmpuint (played_by_keyboard, >, 0);
  g_assert_cmpuint (turned, >, 0);
}

/* A double-click sends a card to a foundation when one takes it. */
static void
test_double_click (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkGesture *click = crapette_table_get_click_gesture (fixture->table);

  for (guint step = 0; step < 200 && crapette_game_get_phase (fixture->game) ==
                                     CRAPETTE_OUTCOME_PLAYING; step++)
    {
      CrapetteMove move;
      gsize n_moves;

      if (ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS,
                                  CRAPETTE_PILE_KIND_FOUNDATION, &move))
        {
          graphene_point_t at;
          guint before = move_number (fixture);
          guint on_foundations = 0, after = 0;

          for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
            on_foundations += pile_count (fixture, crapette_pile_foundation (i));
          ui_test_pile_point (fixture->table, move.from, &at);
          g_signal_emit_by_name (click, "released", 1, (double) at.x, (double) at.y);
          g_signal_emit_by_name (click, "released", 2, (double) at.x, (double) at.y);
          crapette_table_finish_animations (fixture->table);
          for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
            after += pile_count (fixture, crapette_pile_foundation (i));
          g_assert_cmpuint (move_number (fixture), ==, before + 1);
          g_assert_cmpuint (after, ==, on_foundations + 1);
          return;
        }

      /* No card for a foundation yet: play on. */
      {
        const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);
        CrapetteMove next = moves[n_moves - 1];

        g_assert_true (crapette_game_play (fixture->game, &next, NULL));
      }
    }
  g_test_skip ("no card reached a foundation in this deal");
}

/* The window and its table and game are freed when the window goes. */
/* Replay This Deal starts the round again from its deal, but asks first once moves have been
 * made, since none of them can be taken back then. */
static void
test_replay_deal (Fixture       *fixture,
                  gconstpointer  data)
{
  CrapettePosition start = *crapette_round_get_start (crapette_game_get_round (fixture->game));
  GtkWindow *question;

  /* Nothing played yet: nothing to lose, no question. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.replay-deal",
                                             NULL));
  g_assert_null (crapette_window_get_question (fixture->window));

  {
    gsize n_legal;
    const CrapetteMove *legal = crapette_game_get_legal_moves (fixture->game, &n_legal);

    g_assert_true (crapette_game_play (fixture->game, &legal[0], NULL));
  }
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (fixture->game)), ==, 1);

  /* Asked, and cancelled: the move stays. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.replay-deal",
                                             NULL));
  question = crapette_window_get_question (fixture->window);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (question));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), "cancel");
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (fixture->game)), ==, 1);

  /* Asked, and replayed: the same deal from its start. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.replay-deal",
                                             NULL));
  question = crapette_window_get_question (fixture->window);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (question));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), "replay");
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (fixture->game)), ==, 0);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (fixture->game)),
                                          &start));
  gtk_window_destroy (question);
}

static void
on_revealed_count_cb (CrapetteGame *game,
                      guint         pile,
                      guint         card,
                      guint        *n_revealed)
{
  (*n_revealed)++;
}

static void
on_turn_changed_count_cb (CrapetteGame *game,
                          guint         seat,
                          guint        *n_turns)
{
  (*n_turns)++;
}

/* However many signals tell of one move (the move, the cards it turns face up, the end
 * of the turn, the properties it changes), the table takes the move's view once and
 * speaks only the piles it changed, and the status lines are written once, after the
 * move's last signal. */
static void
test_one_update_per_move (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteTable *table = crapette_window_get_table (window);
  CrapetteGame *game = crapette_window_get_game (window);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  guint n_revealed = 0, n_turns = 0, revealing_moves = 0, turn_ends = 0;

  crapette_window_set_show_round_results (window, FALSE);
  crapette_window_set_opponent (window, CRAPETTE_OPPONENT_TWO_PLAYERS);
  crapette_window_new_game (window, variant, 42);
  ui_test_show_window (window, 1280, 800);
  g_signal_connect (game, "card-revealed", G_CALLBACK (on_revealed_count_cb), &n_revealed);
  g_signal_connect (game, "turn-changed", G_CALLBACK (on_turn_changed_count_cb), &n_turns);

  for (guint i = 0; i < 80 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      gsize n_moves;
      const CrapetteMove *moves = crapette_view_get_legal_moves (crapette_game_get_view (game),
                                                                 &n_moves);
      CrapetteMove move = moves[g_rand_int_range (rand, 0, (gint32) n_moves)];
      guint views_before = table->n_views_taken;
      guint writes_before = window->n_status_writes;
      guint revealed_before = n_revealed, turns_before = n_turns;

      g_assert_true (crapette_game_play (game, &move, NULL));
      g_assert_cmpuint (table->n_views_taken, ==, views_before + 1);
      if (move.kind == CRAPETTE_MOVE_CARD)
        {
          guint32 moved = (1u << move.from) | (1u << move.to);

          g_assert_cmphex (table->last_changed_piles & moved, ==, moved);
          /* Russian Bank moves one card between two piles and nothing else. */
          if (variant == CRAPETTE_VARIANT_RUSSIAN)
            g_assert_cmphex (table->last_changed_piles, ==, moved);
        }
      /* Not yet written: the move's signals are over only now. */
      g_assert_cmpuint (window->n_status_writes, ==, writes_before);
      ui_test_drain ();
      g_assert_cmpuint (window->n_status_writes, ==, writes_before + 1);
      g_assert_cmpuint (table->n_views_taken, ==, views_before + 1);
      revealing_moves += n_revealed > revealed_before;
      turn_ends += n_turns > turns_before;
    }
  /* The moves above told of themselves with more than one signal. */
  g_assert_cmpuint (revealing_moves, >, 0);
  g_assert_cmpuint (turn_ends, >, 0);

  /* Reading a status line writes a rewrite that is waiting, at once. */
  crapette_window_update_status (window);
  g_assert_nonnull (crapette_window_get_status (window, CRAPETTE_SOUTH));
  g_assert_cmpuint (window->status_source, ==, 0);

  g_signal_handlers_disconnect_by_data (game, &n_revealed);
  g_signal_handlers_disconnect_by_data (game, &n_turns);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* Runs the main loop for @ms milliseconds. */
static void
run_for (guint ms)
{
  gboolean timed_out = FALSE;

  g_timeout_add (ms, ui_test_timeout_cb, &timed_out);
  while (!timed_out)
    g_main_context_iteration (NULL, TRUE);
}

/* A message that replaces another's toast stays up for its own time, not for what was left
 * of the other's, and then goes. */
static void
test_toast_replaced (Fixture       *fixture,
                     gconstpointer  data)
{
  crapette_window_show_toast_for (fixture->window, "First", 2);
  run_for (1500);
  crapette_window_show_toast_for (fixture->window, "Second", 2);
  /* The first toast's two seconds are over; the second's are not. */
  run_for (1000);
  g_assert_cmpstr (crapette_window_get_toast_message (fixture->window), ==, "Second");
  run_for (2000);
  g_assert_null (crapette_window_get_toast_message (fixture->window));
}

static void
test_no_leaks (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteTable *table = g_object_ref (crapette_window_get_table (window));
  CrapetteGame *game = g_object_ref (crapette_window_get_game (window));

  g_object_ref (window);
  crapette_window_new_game (window, CRAPETTE_VARIANT_AMERICAN, 7);
  ui_test_show_window (window, 1000, 700);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();

  g_assert_finalize_object (window);
  g_assert_finalize_object (table);
  g_assert_finalize_object (game);
}

/* Issue 26: with no size saved, the window opens at a size that fits its screen, under a
 * desktop's top bar too, and uses more of a larger screen. */
static void
test_default_size (void)
{
  CrapetteWindow *window;
  GListModel *monitors;
  g_autoptr(GdkMonitor) monitor = NULL;
  GdkRectangle geometry;
  int width, height, expected_width, expected_height;

  crapette_window_size_for_screen (1280, 800, &width, &height);
  g_assert_cmpint (width, <=, 1280 - 64);
  g_assert_cmpint (height, <=, 800 - 32 - 40);
  g_assert_cmpint (height, >=, 600);
  crapette_window_size_for_screen (1920, 1080, &expected_width, &expected_height);
  g_assert_cmpint (expected_width, >, 1100);
  g_assert_cmpint (expected_height, >, 800);
  g_assert_cmpint (expected_height, <, 1080 - 32);

  /* The tests' settings are in memory, with nothing saved: the screen's size wins. */
  window = crapette_window_new (NULL);
  monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (window)));
  g_assert_cmpuint (g_list_model_get_n_items (monitors), >, 0);
  monitor = g_list_model_get_item (monitors, 0);
  gdk_monitor_get_geometry (monitor, &geometry);
  crapette_window_size_for_screen (geometry.width, geometry.height, &expected_width,
                                   &expected_height);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, expected_width);
  g_assert_cmpint (height, ==, expected_height);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first label under @widget that reads @text. */
static GtkWidget *
find_label_reading (GtkWidget  *widget,
                    const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_reading (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A window of Russian Bank, 1280 by 800, in the application's style (as AdwApplication loads
 * it: a toast's margins and size are its), showing @message in a toast; returns the style,
 * for end_styled_toast(). */
static GtkCssProvider *
show_styled_toast (CrapetteWindow *window,
                   int             width,
                   const char     *message)
{
  GtkCssProvider *style = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (style, "/io/github/crapette/Crapette/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (style),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, 3);
  ui_test_show_window (window, width, 800);
  crapette_window_show_toast_for (window, message, 30);
  for (guint i = 0; i < 100; i++)
    {
      ui_test_drain ();
      g_usleep (10000);
    }
  g_assert_nonnull (find_label_reading (GTK_WIDGET (window->toast_overlay), message));
  return style;
}

static void
end_styled_toast (CrapetteWindow *window,
                  GtkCssProvider *style)
{
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (style));
  g_object_unref (style);
}

/* Issue 26: a toast stands clear of the table, so of the cards and the status lines on it,
 * and its words, wrapped, are no wider than their longest line. */
static void
test_toast_clear_and_tight (void)
{
  static const char *message = "The saved game could not be read (line 12 names no card). It "
                               "has been kept as “crapette-damaged-2026-12-06.crapette-match”, "
                               "and a new game begins.";
  CrapetteWindow *window = crapette_window_new (NULL);
  GtkCssProvider *style = show_styled_toast (window, 1280, message);
  GtkWidget *label;
  graphene_rect_t toast, table;
  int width, minimum, natural, lines_height, narrower_height;

  label = find_label_reading (GTK_WIDGET (window->toast_overlay), message);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->toast_overlay),
                                            GTK_WIDGET (window), &toast));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->table), GTK_WIDGET (window),
                                            &table));
  g_assert_cmpfloat (toast.size.height, >, 0);
  g_assert_cmpfloat (toast.origin.y + toast.size.height, <=, table.origin.y + 0.5f);
  g_assert_cmpfloat (toast.origin.y, >=, 0);

  /* Wrapped onto two lines or more, and one pixel narrower would take one line more. */
  width = gtk_widget_get_width (label);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, &minimum, &lines_height, NULL,
                      NULL);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width - 1, &minimum, &narrower_height,
                      NULL, NULL);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, G_MAXINT / 4, &minimum, &natural, NULL,
                      NULL);
  g_assert_cmpint (lines_height, >, natural);
  g_assert_cmpint (narrower_height, >, lines_height);
  end_styled_toast (window, style);
}

/* A one-line toast is no higher than the message line it covers: the header bar's title and
 * subtitle above it, which say whose turn it is, stay in sight while it shows. The line's own
 * words are hidden meanwhile. */
static void
test_toast_below_title (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  GtkCssProvider *style = show_styled_toast (window, 1280,
                                                     "Houses are built down in alternating "
                                                     "colors");
  graphene_rect_t toast, title, line;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->toast_overlay),
                                            GTK_WIDGET (window), &toast));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->window_title),
                                            GTK_WIDGET (window), &title));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->message_stack),
                                            GTK_WIDGET (window), &line));
  g_test_message ("toast %.0f+%.0f, title ends at %.0f, message line %.0f+%.0f",
                  toast.origin.y, toast.size.height, title.origin.y + title.size.height,
                  line.origin.y, line.size.height);
  g_assert_cmpfloat (toast.size.height, >, 0);
  g_assert_cmpfloat (toast.origin.y, >=, title.origin.y + title.size.height - 0.5f);
  /* The message line's words stand aside while the toast covers the line, and come back. */
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (window->message_stack)), ==, 0);
  adw_toast_dismiss (window->last_toast);
  ui_test_drain ();
  g_assert_null (crapette_window_get_toast_message (window));
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (window->message_stack)), ==, 1);
  end_styled_toast (window, style);
}

/* The longer refusals take one line in a window of the usual width, so that the header bar's
 * subtitle stays in sight above them: one of the commonest in Russian Bank, the longest in
 * English, and the longest in any of our languages (Italian, 130 characters; the words are
 * shown as given, whatever the language the tests run in). In the narrowest window they wrap
 * within the window rather than running past its sides. */
static void
test_toast_long_refusal (void)
{
  static const char *messages[] = {
    "You can load the opponent only with a card of the same suit, one rank higher or lower",
    "You can load the opponent's talon only with the other suit of the same color, one rank "
    "higher or lower",
    "Le pile del tableau si costruiscono a semi doppi: l’altro seme dello stesso colore, di "
    "valore immediatamente superiore o inferiore",
  };
  static const int widths[] = { 1280, 800 };

  for (guint i = 0; i < G_N_ELEMENTS (widths) * G_N_ELEMENTS (messages); i++)
    {
      const char *message = messages[i % G_N_ELEMENTS (messages)];
      int width = widths[i / G_N_ELEMENTS (messages)];
      CrapetteWindow *window = crapette_window_new (NULL);
      GtkCssProvider *style = show_styled_toast (window, width, message);
      GtkWidget *label = find_label_reading (GTK_WIDGET (window->toast_overlay), message);
      graphene_rect_t toast, words, title;
      int minimum, one_line, lines;

      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->toast_overlay),
                                                GTK_WIDGET (window), &toast));
      g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &words));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->window_title),
                                                GTK_WIDGET (window), &title));
      gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, G_MAXINT / 4, &minimum, &one_line,
                          NULL, NULL);
      gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label),
                          &minimum, &lines, NULL, NULL);
      g_test_message ("%d px window, %ld characters: toast %.0f+%.0f wide at %.0f, words %d "
                      "px high at their width (one line %d), title ends at %.0f", width,
                      g_utf8_strlen (message, -1), toast.origin.x, toast.size.width,
                      toast.origin.y, lines, one_line, title.origin.y + title.size.height);
      g_assert_cmpfloat (words.origin.x, >=, 0);
      g_assert_cmpfloat (words.origin.x + words.size.width, <=, width + 0.5f);
      if (width == 1280)
        {
          g_assert_cmpint (lines, ==, one_line);
          g_assert_cmpfloat (toast.origin.y, >=, title.origin.y + title.size.height - 0.5f);
        }
      end_styled_toast (window, style);
    }
}

/* Neither tooltip of the issue stands over what a person reads: Stop! has none (it says what
 * it is, and shows at the moment the status line is read), and the main menu's tooltip is
 * gone while its menu is open and back once it closes. */
static void
test_tooltips_clear (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  GtkWidget *menu_button = GTK_WIDGET (window->menu_button);
  GtkPopover *popover;

  crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, 3);
  ui_test_show_window (window, 1280, 800);
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (window->stop_button)));
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (window->stop_button)));

  g_assert_true (gtk_widget_get_has_tooltip (menu_button));
  popover = gtk_menu_button_get_popover (window->menu_button);
  g_assert_nonnull (popover);
  gtk_menu_button_popup (window->menu_button);
  ui_test_wait_for_frames (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_false (gtk_widget_get_has_tooltip (menu_button));
  gtk_menu_button_popdown (window->menu_button);
  ui_test_wait_for_frames (GTK_WIDGET (window));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_true (gtk_widget_get_has_tooltip (menu_button));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add ("/window/russian/scripted-game", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_scripted_game,
              fixture_tear_down);
  g_test_add ("/window/american/scripted-game", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), fixture_set_up, test_scripted_game,
              fixture_tear_down);
  g_test_add ("/window/russian/double-click", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_double_click,
              fixture_tear_down);
  g_test_add ("/window/russian/arrow-keys", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_arrow_keys,
              fixture_tear_down);
  g_test_add ("/window/american/arrow-keys", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), fixture_set_up, test_arrow_keys,
              fixture_tear_down);
  g_test_add ("/window/russian/replay-deal", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_replay_deal,
              fixture_tear_down);
  g_test_add_data_func ("/window/russian/one-update-per-move",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_one_update_per_move);
  g_test_add_data_func ("/window/american/one-update-per-move",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_one_update_per_move);
  g_test_add ("/window/toast-replaced", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
              fixture_set_up, test_toast_replaced, fixture_tear_down);
  g_test_add_func ("/window/no-leaks", test_no_leaks);
  g_test_add_func ("/window/default-size", test_default_size);
  g_test_add_func ("/window/toast-clear-and-tight", test_toast_clear_and_tight);
  g_test_add_func ("/window/toast-below-title", test_toast_below_title);
  g_test_add_func ("/window/toast-long-refusal", test_toast_long_refusal);
  g_test_add_func ("/window/tooltips-clear", test_tooltips_clear);
  return g_test_run ();
}
