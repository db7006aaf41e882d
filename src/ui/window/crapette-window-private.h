/* crapette-window-private.h: what the main window's source files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-window.h"

#include "crapette-announcer.h"

#include "crapette-card-theme.h"
#include "crapette-history-panel.h"
#include "crapette-match.h"
#include "crapette-names.h"
#include "crapette-net-peer.h"
#include "crapette-session.h"

G_BEGIN_DECLS

/* The match against a friend on another machine (crapette-window-net.c). */
typedef struct _CrapetteWindowNet CrapetteWindowNet;

struct _CrapetteWindow
{
  AdwApplicationWindow parent_instance;

  GtkOverlay *content_overlay;
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkLabel *north_label;
  GtkLabel *south_label;
  GtkLabel *announcement_label;
  CrapetteAnnouncer *announcer;
  CrapetteTable *table;
  GtkRevealer *history_revealer;
  GtkToggleButton *history_button;
  GtkButton *stop_button;
  GtkMenuButton *menu_button;
  GtkButton *next_round_button;  /* the way on once a round is over (crapette-window-match.c) */
  CrapetteHistoryPanel *history_panel;
  GtkRevealer *save_bar;
  GtkLabel *save_bar_label;
  GtkButton *take_over_button;
  GtkRevealer *look_back_bar;
  GtkLabel *look_back_label;
  GtkStack *message_stack;    /* the message line: the computer's move in words, or a hint */
  GtkLabel *hint_label;

  CrapetteSession *session;  /* the match, its seats, scores and saved game */
  CrapetteGame *game;        /* the session's, on the table */
  CrapetteMatch *match;      /* the session's match, as the window shows it */
  CrapetteComputerTurn *computer;
  CrapetteCardTheme *theme;
  GSettings *settings;
  char *save_details;        /* what the save bar's Details button shows */
  guint n_save_bars_shown;   /* how often the save bar has appeared, for tests */

  AdwToast *last_toast;
  guint toast_source;        /* dismisses the toast on show when its time is up */
  char *shown_toast_text;    /* what crapette_window_get_toast_message() last returned */
  GtkWindow *round_dialog;
  GtkWindow *question_dialog;
  GtkWidget *welcome;
  GtkNativeDialog *file_chooser;
  GCancellable *open_cancellable;  /* the files being read (crapette-window-open.c) */
  guint n_files_opening;

  guint status_source;       /* the status lines' rewrite, waiting for the move's last signal */
  guint n_status_writes;     /* how often the status lines were written, for tests */
  guint announced_move;      /* the number the computer's announced move will have */
  gboolean show_round_results;
  gboolean round_end_written; /* the message line tells how the last round ended */
  gboolean menu_closing;     /* the main menu has just closed: its button's focus goes home */
  guint menu_closing_source;
  CrapetteWindowNet *net;
};

/* crapette-window-toast.c */

/* Shows @message in a toast that replaces the one before. */
void        crapette_window_show_toast             (CrapetteWindow        *self,
                                                    const char            *message);

/* Shows @message in a toast for @seconds, replacing the one before. */
void        crapette_window_show_toast_for         (CrapetteWindow        *self,
                                                    const char            *message,
                                                    guint                  seconds);

/* Places the toasts over the message line, each as wide as its words. */
void        crapette_window_init_toasts            (CrapetteWindow        *self);

/* crapette-window-status.c */

/* Gives the table each player's status line, to stand beside their piles. */
void        crapette_window_init_plates            (CrapetteWindow        *self);

/* Returns the name shown for the player at @seat. */
const char *crapette_window_player_name            (CrapetteWindow        *self,
                                                    CrapetteSeat           seat);
/* Returns whose turn it is, in words: "Your turn", or "North to play". */
char       *crapette_window_describe_to_play       (CrapetteWindow        *self,
                                                    CrapetteSeat           seat);

/* Refreshes the actions that depend on the game now, and the status lines and the title
 * once the signals of the move in progress are over (before the next frame). */
void        crapette_window_update_status          (CrapetteWindow        *self);

/* Writes the status lines and the title now if a rewrite is waiting. */
void        crapette_window_flush_status           (CrapetteWindow        *self);

/* Says @text to screen readers, through the announcer. */
void        crapette_window_speak                  (CrapetteWindow        *self,
                                                    const char            *text);

/* Lets the window's subtitle wrap onto more lines rather than be cut short. */
void        crapette_window_init_title             (CrapetteWindow        *self);

/* Says the end of each turn and of each round to screen readers, from now on. */
void        crapette_window_init_speech            (CrapetteWindow        *self);

/* Shows @text, a move in words, on the message line ("" clears it), and says it to screen
 * readers. */
void        crapette_window_announce               (CrapetteWindow        *self,
                                                    const char            *text);

/* Writes @text on the message line without saying it ("" clears it). */
void        crapette_window_write_message          (CrapetteWindow        *self,
                                                    const char            *text);

/* How the round of @result ended, in words: "You win the round", "North wins the round". */
char       *crapette_window_describe_round_end     (CrapetteWindow            *self,
                                                    const CrapetteRoundResult *result);

/* crapette-window-stop.c */
void        crapette_window_update_stop            (CrapetteWindow        *self);
void        crapette_window_init_stop              (CrapetteWindow        *self);
void        crapette_window_class_init_stop        (GtkWidgetClass        *widget_class);

/* crapette-window-match.c */

/* Follows the session: the match it starts, the rounds and matches it finishes. */
void        crapette_window_init_match             (CrapetteWindow        *self);

/* Installs the actions that deal the match's rounds. */
void        crapette_window_class_init_match       (GtkWidgetClass        *widget_class);

/* Whether a new game would give up a round in play that has moves. */
gboolean    crapette_window_round_in_progress      (CrapetteWindow        *self);

/* crapette-window-undo.c */

/* Enables Undo and Redo as the game and whose turn it is allow. */
void        crapette_window_update_undo            (CrapetteWindow        *self);

/* Follows the game to offer Undo and Redo exactly when they may be used. */
void        crapette_window_init_undo              (CrapetteWindow        *self);

/* Installs win.undo and win.redo. */
void        crapette_window_class_init_undo        (GtkWidgetClass        *widget_class);

/* crapette-window-input.c */

/* Holds input back while the table is looked back at or the computer plays, with a word why;
 * returns whether it did. */
gboolean    crapette_window_refuse_input           (CrapetteWindow        *self);

/* Puts the guard that holds input back on the table. */
void        crapette_window_init_input             (CrapetteWindow        *self);

/* Puts the keyboard focus back on the table, on the pile it left, with its ring. */
void        crapette_window_focus_home             (CrapetteWindow        *self);

/* Brings the focus home to the table when @dialog, opened over the window, goes away. */
void        crapette_window_watch_dialog           (CrapetteWindow        *self,
                                                    GtkWindow             *dialog);

/* Brings the focus home whenever the main menu, the history pane or a window over it closes. */
void        crapette_window_init_focus             (CrapetteWindow        *self);

/* crapette-window-hint.c */

/* Takes the hint's words away, and its marks from the table. */
void        crapette_window_dismiss_hint           (CrapetteWindow        *self);

/* Follows the game so that a hint goes with the next move or deal. */
void        crapette_window_init_hint              (CrapetteWindow        *self);

/* Installs win.hint. */
void        crapette_window_class_init_hint        (GtkWidgetClass        *widget_class);

/* crapette-window-look-back.c */

/* Whether the table shows a move picked in the history rather than the game now. */
gboolean    crapette_window_is_looking_back        (CrapetteWindow        *self);

/* Lets go of the move picked in the history: the table shows the game as it is now. */
void        crapette_window_return_to_play         (CrapetteWindow        *self);

/* Follows the history's selection, and takes Escape while looking back. */
void        crapette_window_init_look_back         (CrapetteWindow        *self);

/* Installs win.return-to-play. */
void        crapette_window_class_init_look_back   (GtkWidgetClass        *widget_class);

/* crapette-window-welcome.c */

/* Shows the welcome (game, opponent, the rules), and remembers it was shown. */
void        crapette_window_show_welcome           (CrapetteWindow        *self);

/* Shows the welcome of the first launch over a bare table. */
void        crapette_window_show_first_welcome     (CrapetteWindow        *self);

/* Puts the game back on a table left bare for the first welcome, once a game is chosen. */
void        crapette_window_cover_bare_table       (CrapetteWindow        *self);

/* Takes the welcome away, shown or waiting for the window. */
void        crapette_window_dismiss_welcome        (CrapetteWindow        *self);

/* Whether the welcome is still to be shown, on the first launch. */
gboolean    crapette_window_welcome_is_due         (CrapetteWindow        *self);

/* Installs win.welcome. */
void        crapette_window_class_init_welcome     (GtkWidgetClass        *widget_class);

/* crapette-window-save.c */

/* Follows the session's saved game: the bar while saves fail, a toast for a save set aside. */
void        crapette_window_init_save              (CrapetteWindow        *self);

/* Installs the action that explains a failed save. */
void        crapette_window_class_init_save        (GtkWidgetClass        *widget_class);

/* crapette-window-open.c */

/* Lets go of the files still being read: the window is going. */
void        crapette_window_dispose_open           (CrapetteWindow        *self);

/* crapette-window-dialogs.c */

/* Makes the rows a new game is chosen with: the game and the opponent. */
void        crapette_window_new_choice_rows        (CrapetteWindow        *self,
                                                    GtkWidget            **variant_row,
                                                    GtkWidget            **opponent_row);

/* Starts a game of the choices in @variant_row and @opponent_row, and remembers both. */
void        crapette_window_start_chosen_game      (CrapetteWindow        *self,
                                                    GtkWidget             *variant_row,
                                                    GtkWidget             *opponent_row);

/* Installs the actions that open the window's dialogs. */
void        crapette_window_class_init_dialogs     (GtkWidgetClass        *widget_class);

/* Shows how round @index ended, the match score, and "Next Round" or the match result. */
void        crapette_window_show_round_result      (CrapetteWindow        *self,
                                                    guint                  index);

/* Closes every dialog the window has open. */
void        crapette_window_dispose_dialogs        (CrapetteWindow        *self);

/* crapette-window-friend.c: the choices of a new game that are a friend on another machine,
 * after the engine's opponents in the opponent row. */
#define CRAPETTE_WINDOW_FRIEND_NEARBY   ((guint) CRAPETTE_N_OPPONENTS)
#define CRAPETTE_WINDOW_FRIEND_INTERNET ((guint) CRAPETTE_N_OPPONENTS + 1)

/* Remembers @variant as the game to play and opens the way to meet a friend: on this
 * network (host or join), or over the internet (@internet). */
void        crapette_window_play_friend            (CrapetteWindow        *self,
                                                    CrapetteVariant        variant,
                                                    gboolean               internet);

/* The dialog of a game on this network: host or join, on show, or %NULL. */
GtkWindow  *crapette_window_get_friend_dialog      (CrapetteWindow        *self);
/* Keeps the computer from playing until @dialog, one of the ways to meet a friend, is gone. */
void        crapette_window_hold_computer_behind   (CrapetteWindow        *self,
                                                    GtkWindow             *dialog);

/* crapette-window-net.c */

/* The games nearby the join dialog lists: where the DNS-SD browser plugs in (%NULL: none). */
GListModel      *crapette_window_net_nearby_model (CrapetteWindow  *self);

/* Hosts a game on this network listening on @host (%NULL: this machine's address), and shows
 * the join address and the code to compare. */
gboolean         crapette_window_net_host         (CrapetteWindow  *self,
                                                   const char      *host,
                                                   GError         **error);

/* Joins the game at the join @address; %FALSE with @error if it is not one. */
gboolean         crapette_window_net_join         (CrapetteWindow  *self,
                                                   const char      *address,
                                                   GError         **error);

/* Seats the friend through @transport (taken), after any match before; @code is the code
 * both compare once they meet. */
void             crapette_window_net_start        (CrapetteWindow    *self,
                                                   CrapetteTransport *transport,
                                                   CrapetteNetRole    role,
                                                   const guint8      *key,
                                                   const char        *code,
                                                   const char        *carrier);

/* Ends the network match, if any. */
void             crapette_window_net_stop         (CrapetteWindow    *self);

/* The peer of the network match, or %NULL. */
CrapetteNetPeer *crapette_window_net_get_peer     (CrapetteWindow  *self);

/* The network dialog on show (join, waiting, or the code to compare), or %NULL. */
GtkWindow       *crapette_window_net_get_dialog   (CrapetteWindow  *self);

/* The connection line in the header bar. */
GtkWidget       *crapette_window_net_get_status   (CrapetteWindow  *self);

/* Whether a card turned up in a hidden deal waits for both programs' keys: the table shows
 * it face down until then, and holds input back. */
gboolean         crapette_window_net_card_pending (CrapetteWindow  *self);

/* Why local input is held back by the network match (it is over, or waits for the
 * account's password to be rejoined), or %NULL. */
const char      *crapette_window_net_holds_input  (CrapetteWindow  *self);

/* Returns the menu button of short messages, Rematch and Resign in the header bar. */
GtkWidget       *crapette_window_net_get_menu_button (CrapetteWindow *self);

void             crapette_window_init_net         (CrapetteWindow  *self);

/* crapette-window-rejoin.c: a network match taken up again after a restart */

/* After the saved game was resumed: if it is a network match, takes it up again as one, the
 * friend's seat theirs, and tries to rejoin the friend; returns whether it was one. */
gboolean         crapette_window_net_resume       (CrapetteWindow  *self);

/* Whether a match taken up again waits for its account's password (asked for, or left for
 * later), not signing in. */
gboolean         crapette_window_net_awaits_password (CrapetteWindow *self);

/* Asks again for the password of a match that waits for it; %FALSE if none does. */
gboolean         crapette_window_net_ask_password (CrapetteWindow  *self);

/* crapette-window-internet.c: a friend over the internet, through XMPP */

/* The internet dialog on show (account, invitation, connection), or %NULL. */
GtkWindow       *crapette_window_internet_get_dialog (CrapetteWindow *self);
/* Keeps @password for the account @address in the keyring, the person told in a toast if it
 * could not be kept. */
void             crapette_window_keep_password    (CrapetteWindow  *self,
                                                   const char      *address,
                                                   const char      *password);
void             crapette_window_class_init_internet (GtkWidgetClass *widget_class);
void             crapette_window_class_init_net   (GtkWidgetClass  *widget_class);
void             crapette_window_dispose_net      (CrapetteWindow  *self);

void             crapette_window_hide_tooltip_over_menu (GtkMenuButton *menu_button);

G_END_DECLS
