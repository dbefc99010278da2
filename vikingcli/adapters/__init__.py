"""vikingcli's games for game-AI research libraries (``pip install 'vikingcli[rl]'``).

* ``vikingcli.adapters.pettingzoo.env(GAME, players=N, **options)``: a PettingZoo AEC
  environment;
* ``vikingcli.adapters.openspiel.load(GAME, players=N, **options)``: the game as a
  registered OpenSpiel Python game (``pyspiel.load_game``), for OpenSpiel's algorithms
  (IS-MCTS among them);

both built on :mod:`vikingcli.adapters.table` (one table of a game: its action
numbering, ``Game.action_codec``, and its observation vector,
:mod:`vikingcli.adapters.encoding`, read off ``Game.observation_schema``). The games
are reached through the registry like everywhere in the host, so a game installed as a
plugin that declares both hooks loads here too. Neither library is imported until its
adapter is.
"""
