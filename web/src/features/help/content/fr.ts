import type { HelpSection } from '@/features/help/content/types';

// L’aide en français : les articles de en.ts, avec les mêmes ids et les mêmes liens.

export const help: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Premiers pas',
    articles: [
      {
        id: 'create-account',
        title: 'Créer votre compte',
        body: [
          {
            steps: [
              'Ouvrez la page d’inscription et saisissez votre nom complet, votre adresse e-mail et un mot de passe de 8 à 128 caractères.',
              'Choisissez Créer un compte. Vous êtes connecté aussitôt et arrivez sur le tableau de bord.',
              'Ouvrez le lien de l’e-mail de vérification. Il ne sert qu’une fois et reste valable 24 heures ; les Paramètres peuvent en envoyer un nouveau.',
            ],
          },
          'Le premier compte créé sur une nouvelle installation en devient l’administrateur ; tous les suivants sont des utilisateurs ordinaires. Tant que votre adresse n’est pas vérifiée, vous pouvez utiliser vos agents, mais vous ne pouvez ni voir ni accepter les invitations d’équipe.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Paramètres' }],
      },
      {
        id: 'create-first-agent',
        title: 'Créer votre premier agent',
        body: [
          {
            steps: [
              'Allez dans Agents et choisissez Nouvel agent, ou ouvrez Créer un agent dans la barre latérale.',
              'Choisissez un point de départ : De zéro, À partir d’un modèle (une configuration complète pour le support, la vente et d’autres usages) ou À partir d’une description (décrivez l’agent et relisez le brouillon).',
              'Donnez-lui un nom, rédigez ses instructions et, si vous le souhaitez, un message d’accueil.',
              'Choisissez Créer l’agent. Rien n’est enregistré avant.',
            ],
          },
          'L’agent s’ouvre sur sa propre page, avec ses versions, ses déploiements, les documents de sa base de connaissances et un panneau de test.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Créer un agent' }],
      },
      {
        id: 'chat-with-agent',
        title: 'Discuter avec votre agent',
        body: [
          'Sur la page de l’agent, choisissez Discuter avec l’agent, ou ouvrez Chat dans la barre latérale et choisissez l’agent. Écrivez votre message : Entrée l’envoie, Maj+Entrée passe à la ligne.',
          'Les réponses s’affichent au fur et à mesure de leur rédaction. Arrêter la génération conserve ce qui a déjà été dit. Quand une réponse s’appuie sur la base de connaissances, ses Sources sont listées en dessous.',
          'Le panneau de test de la page de l’agent (Tester cet agent) interroge le brouillon actuel. Les conversations de test restent en dehors des listes de conversations, de la vue en direct et des statistiques.',
        ],
        links: [
          { to: '/dashboard/chat', label: 'Chat' },
          { to: '/dashboard/agents', label: 'Agents' },
        ],
      },
      {
        id: 'connect-a-model',
        title: 'Connecter un modèle de langage',
        body: [
          'Tant qu’aucun modèle de langage n’est connecté, les agents répondent avec le répondeur intégré : il salue avec le message d’accueil de l’agent, cite les passages de ses documents qui correspondent à la question et indique sous chaque réponse qu’aucun modèle de langage n’est connecté.',
          'Un administrateur connecte un modèle dans Admin › Configuration, section Modèle de langage :',
          {
            steps: [
              'Choisissez le fournisseur : Compatible OpenAI (OpenAI, ou tout serveur qui parle son API, comme Ollama, vLLM ou LM Studio) ou Google Gemini.',
              'Renseignez l’adresse de l’API (laissez-la vide pour le point d’accès public du fournisseur), la clé API (Gemini en exige une ; un serveur local peut s’en passer) et le modèle par défaut.',
              'Choisissez Tester la connexion, puis Enregistrer. Les échanges commencés ensuite utilisent le modèle, sans redémarrage.',
            ],
          },
          'Si vous n’êtes pas administrateur, demandez-le au vôtre. Chaque agent peut malgré tout choisir son propre nom de modèle, sa température et la longueur de ses réponses dans la section Modèle de son formulaire.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuration › Modèle de langage', admin: true }],
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agents',
    articles: [
      {
        id: 'agent-create-options',
        title: 'Trois façons de commencer un agent',
        body: [
          {
            list: [
              'De zéro : un formulaire vide avec des valeurs par défaut raisonnables.',
              'À partir d’un modèle : une configuration complète par type d’agent (général, support client, ventes, développement commercial, succès client, e-commerce, personnalisé) à adapter.',
              'À partir d’une description : dites ce que l’agent doit faire, avec sa complexité, son secteur et son cas d’usage, puis choisissez Générer le brouillon. Sans modèle de langage, un générateur à base de modèles rédige le brouillon et le signale.',
            ],
          },
          'Chaque point de départ remplit le même formulaire en cinq sections (informations de base ; instructions et message d’accueil ; modèle ; voix ; base de connaissances), que vous relisez avant de choisir Créer l’agent.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Créer un agent' }],
      },
      {
        id: 'agent-instructions',
        title: 'Instructions, message d’accueil et personnalité',
        body: [
          'Les instructions sont le prompt système de l’agent : son rôle, son ton, ce qu’il doit faire et ce qu’il ne doit jamais faire (jusqu’à 20 000 caractères). Le message d’accueil (jusqu’à 2 000 caractères) s’affiche comme premier message de chaque nouvelle discussion.',
          'Une personnalité ajoute un ton, des traits et ses propres instructions. Quatre sont intégrées et en lecture seule : amicale, professionnelle, empathique et concise. Gérer les personnalités, à côté du champ Personnalité, permet de créer, modifier et supprimer les vôtres.',
          'Le champ Langue fixe la langue dans laquelle l’agent répond. Dans la section Modèle, vous choisissez le fournisseur, le nom du modèle, la température (de 0 à 2 : plus elle est haute, plus les réponses varient) et la longueur maximale des réponses en jetons.',
        ],
      },
      {
        id: 'agent-edit',
        title: 'Modifier un agent et changer son statut',
        body: [
          'Choisissez Modifier sur la page de l’agent. Seuls les champs modifiés sont enregistrés, et chaque changement de configuration devient une nouvelle version numérotée : rien n’est perdu.',
          'Le statut (Brouillon, Actif, En pause, Archivé) ne fait pas partie de la configuration : le changer ne crée pas de version. Un agent en pause ou archivé n’accepte pas de conversation.',
          'Dans la liste des agents, vous pouvez en sélectionner plusieurs pour changer leur statut ou les supprimer d’un coup.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agents' }],
      },
      {
        id: 'agent-versions',
        title: 'Versions et déploiements',
        body: [
          'La carte Versions liste toutes les versions, de la plus récente à la plus ancienne. Restaurer rend une ancienne configuration de nouveau actuelle, sous forme de nouvelle version.',
          'La carte Déploiements associe chaque environnement (Développement, Préproduction, Production) à une version : choisissez-en une et déployez-la. Revenir en arrière, c’est déployer une version plus ancienne.',
          'Les écrans de chat et le panneau de test utilisent toujours la configuration actuelle. Les programmes qui l’appellent par l’API compatible OpenAI (`/v1`) ou par `/mcp` obtiennent la version déployée en Production ; sans elle, ils reçoivent une erreur « non déployé ».',
        ],
      },
      {
        id: 'agent-sharing',
        title: 'Partager un agent',
        body: [
          'Choisissez Partager sur la page de l’agent. La fenêtre fait deux choses distinctes :',
          {
            list: [
              'Un lien public : toute personne connectée à cette installation qui a le lien peut discuter avec l’agent. Arrêter le partage désactive le lien.',
              'Une équipe : l’agent est partagé avec l’une de vos équipes, dont les membres obtiennent sur lui les droits de leur rôle (les lecteurs lisent et discutent, les membres modifient aussi, les propriétaires et les admins partagent et suppriment aussi).',
            ],
          },
          'Le partage avec une équipe nécessite la fonctionnalité Collaboration, qu’un administrateur active. Les liens publics fonctionnent dans tous les cas.',
        ],
        links: [{ to: '/dashboard/settings/team', label: 'Paramètres de l’équipe' }],
      },
      {
        id: 'agent-export',
        title: 'Dupliquer, exporter et importer',
        body: [
          'Dupliquer crée une copie de l’agent sous forme de nouveau brouillon. Exporter télécharge un fichier JSON avec sa configuration et sa personnalité personnalisée, jamais de secrets ni d’identifiants de ce serveur.',
          'Importer, dans la liste des agents, crée un agent identique à partir d’un tel fichier, sur cette installation ou sur une autre.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agents' }],
      },
    ],
  },
  {
    id: 'knowledge',
    title: 'Connaissances',
    articles: [
      {
        id: 'knowledge-upload',
        title: 'Importer des documents',
        body: [
          {
            steps: [
              'Ouvrez la page de l’agent, sur son onglet Vue d’ensemble.',
              'Dans Documents de la base de connaissances, choisissez Importer un document et sélectionnez le fichier.',
              'Le document est lu et indexé aussitôt : il apparaît comme Prêt avec son nombre de passages, et l’agent peut s’en servir pour répondre.',
            ],
          },
          'Les envois sont désactivés sur une nouvelle installation. Si le panneau indique que l’administrateur a désactivé l’envoi de fichiers, un administrateur active Envoi de fichiers dans Admin › Configuration › Drapeaux de fonctionnalités ; c’est immédiat.',
          'Vous devez pouvoir modifier l’agent : les lecteurs d’une équipe voient les documents mais ne peuvent ni en ajouter ni en supprimer.',
        ],
        links: [{ to: '/admin/configuration#features', label: 'Admin › Configuration › Drapeaux de fonctionnalités', admin: true }],
      },
      {
        id: 'knowledge-formats',
        title: 'Formats et limites',
        body: [
          'Formats acceptés : texte brut (.txt), Markdown (.md), HTML, PDF, Word (.docx), CSV et JSON.',
          {
            list: [
              'Un fichier peut peser jusqu’à 20 Mo (valeur par défaut ; les administrateurs la changent dans Admin › Configuration › Limites).',
              'L’ensemble de vos documents peut occuper jusqu’à 1 Go : chacun compte la taille de son fichier plus son texte.',
              'Un fichier dont le texte serait très volumineux par rapport à sa taille, ou qui ne peut pas être lu en 20 secondes, est refusé.',
            ],
          },
          'Un fichier refusé n’enregistre rien, et le message indique le fichier et la raison ; un PDF endommagé, par exemple, est refusé.',
        ],
      },
      {
        id: 'knowledge-citations',
        title: 'Comment les agents utilisent les documents, et les citations',
        body: [
          'Chaque document est découpé en passages d’environ 800 caractères. Pour chaque question, les cinq passages les plus pertinents sont trouvés par la recherche plein texte de la base de données et transmis au modèle avec leurs sources.',
          'Les réponses qui s’en servent listent leurs Sources en dessous, en nommant chaque document. Sans modèle de langage, le répondeur intégré cite directement ces passages.',
          'La recherche porte sur les mots, et sa racinisation est réglée pour l’anglais : posez vos questions avec les mots qu’emploient vos documents. L’interrupteur « Utiliser la base de connaissances » du formulaire de l’agent désactive tout cela pour un agent.',
        ],
      },
      {
        id: 'knowledge-manage',
        title: 'Gérer et supprimer des documents',
        body: [
          'Le tableau des documents indique pour chacun son nom, son type, sa taille, son statut et son nombre de passages. Supprimer un document (une confirmation est demandée) le retire, avec ses passages, de la base de connaissances et libère sa part du quota de stockage.',
          'Les documents sont stockés dans la base de données de l’installation, avec tout le reste.',
        ],
      },
    ],
  },
  {
    id: 'tools',
    title: 'Outils (MCP)',
    articles: [
      {
        id: 'mcp-overview',
        title: 'À quoi servent les serveurs MCP',
        body: [
          'Un serveur MCP (Model Context Protocol) prête des outils à vos agents : chercher, lire des fichiers, consulter vos propres systèmes. Vos serveurs sont listés dans Outils MCP.',
          'Deux transports sont pris en charge :',
          {
            list: [
              'HTTP streamable : une URL sur laquelle le serveur MCP répond. Les adresses de réseaux privés ou locaux sont refusées, sauf si l’opérateur les autorise.',
              'stdio : une commande que ce serveur exécute sur sa propre machine. Seuls les administrateurs peuvent en ajouter, et seulement avec une commande de la liste autorisée par l’opérateur, vide par défaut.',
            ],
          },
          'L’ancien transport SSE n’est pas pris en charge.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Outils MCP' }],
      },
      {
        id: 'mcp-add',
        title: 'Ajouter, importer et exporter des serveurs',
        body: [
          'Choisissez Ajouter un serveur, donnez-lui un nom, choisissez le transport et renseignez l’URL et les en-têtes, ou la commande, ses arguments et ses variables d’environnement. Les valeurs secrètes sont chiffrées à l’enregistrement et affichées masquées ensuite.',
          'Suggérer à partir d’une description propose des serveurs connus (filesystem, fetch, git, GitHub et d’autres) et, si un modèle de langage est connecté, en rédige un pour vous, afin de remplir le formulaire. Tester la connexion essaie la configuration telle que saisie et liste ses outils sans rien enregistrer.',
          'Importer accepte le JSON d’un client MCP de bureau (`{"mcpServers": …}`) ou celui de VS Code (`{"servers": …}`), jusqu’à 50 serveurs à la fois. Exporter télécharge vos serveurs au même format, avec ou sans leurs identifiants.',
        ],
        links: [
          { to: '/dashboard/mcp/create', label: 'Ajouter un serveur MCP' },
          { to: '/dashboard/mcp/import', label: 'Importer des serveurs MCP' },
        ],
      },
      {
        id: 'mcp-test',
        title: 'Tester un serveur',
        body: [
          'Tester, dans la liste ou sur la page du serveur, se connecte de nouveau et liste les outils du serveur. Le statut devient Connecté, ou Erreur avec la raison en toutes lettres : adresse refusée, injoignable, non autorisé, délai dépassé, etc.',
          'Lancez un test après avoir ajouté un serveur : ses outils ne sont connus qu’une fois qu’un test les a listés. Un serveur désactivé (Activé) garde sa configuration, mais les agents n’utilisent plus ses outils.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Outils MCP' }],
      },
      {
        id: 'mcp-agent-tools',
        title: 'Donner des outils à un agent et voir ses appels d’outils',
        body: [
          {
            steps: [
              'Ouvrez la page de l’agent et son onglet Outils, puis choisissez Ajouter un serveur.',
              'Choisissez l’un de vos serveurs MCP, avec tous ses outils ou seulement ceux que vous choisissez.',
              'Réglez sa priorité : la plus haute passe en premier et l’emporte quand deux serveurs ont un outil du même nom.',
            ],
          },
          'Vous devez pouvoir modifier l’agent, et le serveur doit être l’un des vôtres.',
          'En répondant, le modèle peut appeler ces outils, sur quatre tours au plus, 30 secondes par appel et 90 secondes d’outils par réponse. Un outil qui échoue n’arrête pas la réponse : le modèle apprend pourquoi. Chaque appel s’affiche dans le chat sous forme de carte avec ses arguments et son résultat.',
          'Les outils demandent un modèle de langage connecté : le répondeur intégré ne les appelle pas.',
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'Canaux',
    articles: [
      {
        id: 'channel-chat',
        title: 'L’écran de chat',
        body: [
          'Chat, dans la barre latérale, vous permet de choisir n’importe quel agent que vous pouvez utiliser et de lui parler. Ses conversations précédentes sont listées à côté des messages ; Nouvelle conversation en commence une autre.',
          'Les conversations tenues ici sont conservées avec leurs jetons et leurs temps de réponse, et apparaissent dans Toutes les conversations.',
        ],
        links: [{ to: '/dashboard/chat', label: 'Chat' }],
      },
      {
        id: 'channel-public-link',
        title: 'Le lien de chat pour d’autres utilisateurs',
        body: [
          'Créez un lien public dans la fenêtre Partager de l’agent et envoyez-le : il ouvre une page de chat avec le nom, la description et le message d’accueil de l’agent, à une adresse comme `/user/chat/<agent id>?share=…`.',
          'La personne qui l’ouvre doit être connectée à cette installation. Ses conversations apparaissent dans votre liste de conversations. Arrêter le partage désactive le lien immédiatement.',
        ],
      },
      {
        id: 'channel-api-keys',
        title: 'Clés d’API',
        body: [
          'Documentation de l’API, dans la barre latérale, rassemble vos clés d’API. Créer une clé demande un nom, les agents que la clé peut atteindre (tous, ou certains) et une date d’expiration facultative.',
          'La clé (elle commence par `af_`) n’est affichée qu’une fois : copiez-la à ce moment-là. Le serveur n’en garde qu’une empreinte et ses premiers caractères, il ne peut donc plus l’afficher. Une clé agit en votre nom sur ses agents, mais elle ne peut jamais gérer les clés, votre e-mail, votre mot de passe ni votre compte.',
          'Envoyez-la sous la forme `Authorization: Bearer af_…`. Révoquer l’arrête immédiatement.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentation de l’API' }],
      },
      {
        id: 'channel-openai-api',
        title: 'L’API compatible OpenAI',
        body: [
          'Vos agents répondent sur `/v1` au format chat-completions d’OpenAI, si bien que les bibliothèques officielles d’OpenAI fonctionnent : réglez l’URL de base sur l’adresse de ce serveur suivie de `/v1`, la clé d’API sur l’une de vos clés et le modèle sur l’identifiant de l’agent.',
          'C’est la version déployée en Production qui répond, avec ses connaissances et ses outils. Chaque réponse porte un en-tête `X-Conversation-Id` : renvoyez-le pour poursuivre la même conversation.',
          'La page Documentation de l’API propose des exemples curl, Python et JavaScript prêts à copier. La référence complète de l’API HTTP se trouve à `/api/docs`.',
        ],
        links: [
          { to: '/dashboard/integrations/api-docs', label: 'Documentation de l’API' },
          { href: '/api/docs', label: 'Référence de l’API' },
        ],
      },
      {
        id: 'channel-mcp-endpoint',
        title: 'Vos agents comme outils d’un client MCP',
        body: [
          'Ce serveur est lui-même un serveur MCP à l’adresse `/mcp`, pour les clés d’API : chaque agent que la clé atteint devient un outil nommé `ask_` suivi du nom de l’agent, qui prend un message et répond avec la réponse de l’agent et ses sources.',
          'Ajoutez-le à un client MCP de bureau avec l’exemple de la page Documentation de l’API (Client MCP). C’est la version déployée en Production qui répond.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentation de l’API' }],
      },
      {
        id: 'channel-live',
        title: 'Suivre les conversations en direct',
        body: [
          'En direct, sous Conversations, montre les conversations en cours et suit celle que vous sélectionnez à mesure que ses messages arrivent, quel que soit le canal. Transcription complète l’ouvre en entier.',
          'Toutes les conversations liste chaque conversation de vos agents et des agents partagés avec vos équipes, avec des filtres par texte, agent, canal, statut et dates. Une conversation sans message pendant 30 minutes (par défaut) se termine d’elle-même.',
        ],
        links: [
          { to: '/dashboard/conversations/live', label: 'Conversations en direct' },
          { to: '/dashboard/conversations', label: 'Toutes les conversations' },
        ],
      },
    ],
  },
  {
    id: 'faq',
    title: 'Questions fréquentes',
    articles: [
      {
        id: 'faq-no-model',
        title: 'Pourquoi mon agent dit-il qu’aucun modèle de langage n’est connecté ?',
        body: [
          'Parce que cette installation n’a pas encore de modèle de langage configuré : c’est donc le répondeur intégré qui répond. Il utilise le message d’accueil de l’agent et les passages de ses documents, et ne peut pas rédiger de texte nouveau.',
          'Un administrateur en connecte un dans Admin › Configuration › Modèle de langage (voir « Connecter un modèle de langage » plus haut). Cela s’applique dès le message suivant, sans redémarrage.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuration › Modèle de langage', admin: true }],
      },
      {
        id: 'faq-no-verification-email',
        title: 'Pourquoi n’ai-je pas reçu d’e-mail de vérification ?',
        body: [
          'Quand aucun serveur de messagerie n’est configuré, les e-mails ne partent pas : ils sont gardés dans la boîte d’envoi que voient les administrateurs, et les écrans le signalent. Un administrateur peut alors soit configurer l’e-mail (Admin › Configuration › E-mail), après quoi les e-mails gardés peuvent être renvoyés, soit marquer votre adresse comme vérifiée depuis sa ligne dans Admin › Utilisateurs.',
          'Si l’e-mail est configuré, regardez dans vos courriers indésirables et demandez un nouveau lien dans les Paramètres : un lien est valable 24 heures, et un nouveau remplace l’ancien.',
        ],
        links: [
          { to: '/dashboard/settings', label: 'Paramètres' },
          { to: '/admin/users', label: 'Admin › Utilisateurs', admin: true },
        ],
      },
      {
        id: 'faq-invite-teammates',
        title: 'Comment inviter des collègues ?',
        body: [
          'Dans Paramètres de l’équipe, choisissez Créer une équipe (vous en devenez propriétaire), ouvrez l’équipe et utilisez Inviter quelqu’un avec son e-mail et un rôle, par exemple membre ou lecteur. Le lien envoyé par e-mail ne sert qu’une fois et reste valable 7 jours.',
          'Une personne sans compte s’inscrit avec l’adresse invitée et la vérifie ; l’invitation l’attend ensuite dans ses Invitations pour vous.',
          'Les invitations et le partage en équipe nécessitent le drapeau Collaboration, désactivé sur une nouvelle installation : un administrateur l’active dans Admin › Configuration › Drapeaux de fonctionnalités.',
        ],
        links: [
          { to: '/dashboard/settings/team', label: 'Paramètres de l’équipe' },
          { to: '/admin/configuration#features', label: 'Admin › Configuration › Drapeaux de fonctionnalités', admin: true },
        ],
      },
      {
        id: 'faq-data-storage',
        title: 'Où mes données sont-elles stockées ?',
        body: [
          'AgentForge est auto-hébergé : comptes, agents, documents et conversations restent dans la base de données de l’installation que vous utilisez, un fichier SQLite dans son dossier de données par défaut, ou PostgreSQL si l’opérateur le choisit.',
          'Les secrets (clés d’API des fournisseurs, identifiants MCP, réglages d’e-mail) sont chiffrés dans la base de données, et vos clés d’API ne sont stockées que sous forme d’empreinte.',
          'Ce qui quitte le serveur : quand un modèle de langage est connecté, chaque question est envoyée à son fournisseur avec les instructions de l’agent, la conversation récente et les passages pertinents ; les outils reçoivent les arguments que leur donne le modèle ; les e-mails passent par le serveur de messagerie configuré.',
        ],
      },
      {
        id: 'faq-api-key-lost',
        title: 'J’ai perdu ma clé d’API, ou elle ne fonctionne plus',
        body: [
          'Une clé n’est affichée qu’une fois et ne peut pas être récupérée : révoquez-la sur la page Documentation de l’API et créez-en une autre.',
          'Une clé cesse de fonctionner quand elle est révoquée, quand sa date d’expiration est passée ou quand son compte est désactivé. Un compte peut détenir jusqu’à 50 clés (par défaut).',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentation de l’API' }],
      },
      {
        id: 'faq-rate-limits',
        title: 'Quelles sont les limites de débit ?',
        body: [
          'Les valeurs par défaut, que les administrateurs et l’opérateur peuvent changer :',
          {
            list: [
              'Chaque clé d’API : 600 requêtes par minute.',
              'Connexion, inscription et réinitialisation du mot de passe : 20 requêtes par minute depuis une même adresse, et 5 par minute pour une même adresse e-mail.',
              'E-mails d’équipe (invitations, membres ajoutés, messages à l’équipe) : 20 par heure et par personne, et 50 par heure et par équipe.',
            ],
          },
          'Au-delà d’une limite, la réponse a le statut 429 avec un en-tête `Retry-After` qui indique quand réessayer. Votre fournisseur de modèle de langage peut avoir ses propres limites ; la réponse de l’agent le dit alors.',
        ],
      },
      {
        id: 'faq-export-conversations',
        title: 'Comment exporter des conversations ?',
        body: [
          'Ouvrez une conversation depuis Toutes les conversations et choisissez Exporter en JSON ou Exporter en CSV : la transcription se télécharge sous forme de fichier.',
          'Les agents s’exportent en JSON depuis leur page, et les serveurs MCP depuis la liste des Outils MCP.',
        ],
        links: [{ to: '/dashboard/conversations', label: 'Toutes les conversations' }],
      },
      {
        id: 'faq-signup-closed',
        title: 'Pourquoi un collègue ne peut-il pas s’inscrire ?',
        body: [
          'Un administrateur peut fermer les inscriptions (Admin › Configuration › Général, Inscriptions ouvertes). Seules les adresses ayant une invitation d’équipe en cours peuvent alors créer un compte : invitez d’abord votre collègue dans une équipe.',
        ],
        links: [{ to: '/admin/configuration#general', label: 'Admin › Configuration › Général', admin: true }],
      },
      {
        id: 'faq-forgot-password',
        title: 'J’ai oublié mon mot de passe',
        body: [
          'Sur la page de connexion, choisissez Mot de passe oublié ? et saisissez votre e-mail : vous recevez un lien de réinitialisation qui ne sert qu’une fois, pendant une heure. Réinitialiser le mot de passe vous déconnecte partout.',
          'Sans serveur de messagerie, aucun e-mail de réinitialisation ne part : demandez à un administrateur de configurer l’e-mail.',
        ],
      },
      {
        id: 'faq-language-theme',
        title: 'Comment changer de langue ou passer au thème sombre ?',
        body: [
          'Le menu des langues, en haut du tableau de bord, propose 12 langues ; votre choix est mémorisé, et les e-mails qui vous sont adressés sont rédigés dans cette langue. Le bouton voisin bascule entre les thèmes clair et sombre.',
          'La langue dans laquelle un agent répond se règle dans son formulaire, indépendamment de la vôtre.',
        ],
      },
      {
        id: 'faq-delete-account',
        title: 'Comment supprimer mon compte ?',
        body: [
          'Dans les Paramètres, sous Zone de danger, choisissez Supprimer le compte et confirmez avec votre mot de passe. Vos agents, leurs documents et leurs conversations, vos clés d’API et vos appartenances aux équipes sont supprimés ; c’est irréversible.',
          'Une équipe dont vous étiez le seul propriétaire passe à son admin ou à son membre le plus ancien.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Paramètres' }],
      },
    ],
  },
];
