import type { HelpSection } from '@/features/help/content/types';

// Die Hilfe auf Deutsch: die Artikel von en.ts, mit denselben Ids und Links.

export const help: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Erste Schritte',
    articles: [
      {
        id: 'create-account',
        title: 'Ihr Konto anlegen',
        body: [
          {
            steps: [
              'Öffnen Sie die Registrierungsseite und geben Sie Ihren vollständigen Namen, Ihre E-Mail-Adresse und ein Passwort mit 8 bis 128 Zeichen ein.',
              'Wählen Sie Konto erstellen. Sie sind sofort angemeldet und landen im Dashboard.',
              'Öffnen Sie den Link in der Bestätigungs-E-Mail. Er funktioniert einmal und 24 Stunden lang; in den Einstellungen können Sie einen neuen anfordern.',
            ],
          },
          'Das erste Konto einer neuen Installation wird ihr Administrator; jedes weitere ist ein normaler Benutzer. Solange Ihre Adresse nicht bestätigt ist, können Sie Ihre Agenten nutzen, aber keine Team-Einladungen sehen oder annehmen.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Einstellungen' }],
      },
      {
        id: 'create-first-agent',
        title: 'Ihren ersten Agenten erstellen',
        body: [
          {
            steps: [
              'Gehen Sie zu Agenten und wählen Sie Neuer Agent, oder öffnen Sie Agent erstellen in der Seitenleiste.',
              'Wählen Sie einen Start: Von Grund auf, Mit einer Vorlage (eine vollständige Konfiguration für Support, Vertrieb und andere Zwecke) oder Aus einer Beschreibung (beschreiben Sie den Agenten und prüfen Sie den Entwurf).',
              'Geben Sie ihm einen Namen, schreiben Sie seine Anweisungen und, wenn Sie möchten, eine Begrüßung.',
              'Wählen Sie Agent erstellen. Vorher wird nichts gespeichert.',
            ],
          },
          'Der Agent öffnet sich auf seiner eigenen Seite, mit seinen Versionen, Deployments, Dokumenten der Wissensdatenbank und einem Testbereich.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Agent erstellen' }],
      },
      {
        id: 'chat-with-agent',
        title: 'Mit Ihrem Agenten chatten',
        body: [
          'Wählen Sie auf der Seite des Agenten Mit dem Agenten chatten, oder öffnen Sie Chat in der Seitenleiste und wählen Sie den Agenten. Schreiben Sie Ihre Nachricht: Enter sendet sie, Umschalt+Enter beginnt eine neue Zeile.',
          'Antworten erscheinen, während sie geschrieben werden. Generierung stoppen behält, was bis dahin gesagt wurde. Stützt sich eine Antwort auf die Wissensdatenbank, stehen ihre Quellen darunter.',
          'Der Testbereich auf der Seite des Agenten (Diesen Agenten testen) spricht mit dem aktuellen Entwurf. Testgespräche erscheinen weder in den Konversationslisten noch in der Live-Ansicht oder den Statistiken.',
        ],
        links: [
          { to: '/dashboard/chat', label: 'Chat' },
          { to: '/dashboard/agents', label: 'Agenten' },
        ],
      },
      {
        id: 'connect-a-model',
        title: 'Ein Sprachmodell anbinden',
        body: [
          'Solange kein Sprachmodell angebunden ist, antworten Agenten mit dem eingebauten Responder: Er grüßt mit der Begrüßung des Agenten, zitiert die Passagen seiner Dokumente, die zur Frage passen, und vermerkt unter jeder Antwort, dass kein Sprachmodell verbunden ist.',
          'Ein Administrator bindet ein Modell unter Admin › Konfiguration an, Abschnitt Sprachmodell:',
          {
            steps: [
              'Wählen Sie den Anbieter: OpenAI-kompatibel (OpenAI oder jeder Server, der dessen API spricht, etwa Ollama, vLLM oder LM Studio) oder Google Gemini.',
              'Tragen Sie die API-Adresse ein (leer lassen für den öffentlichen Endpunkt des Anbieters), den API-Schlüssel (Gemini braucht einen, ein lokaler Server oft nicht) und das Standardmodell.',
              'Wählen Sie Verbindung testen und dann Speichern. Gesprächsrunden, die danach beginnen, nutzen das Modell; ein Neustart ist nicht nötig.',
            ],
          },
          'Wenn Sie kein Administrator sind, bitten Sie Ihren darum. Jeder Agent kann dennoch im Abschnitt Modell seines Formulars eigenen Modellnamen, Temperatur und Antwortlänge wählen.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Konfiguration › Sprachmodell', admin: true }],
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agenten',
    articles: [
      {
        id: 'agent-create-options',
        title: 'Drei Wege, einen Agenten zu beginnen',
        body: [
          {
            list: [
              'Von Grund auf: ein leeres Formular mit sinnvollen Voreinstellungen.',
              'Mit einer Vorlage: eine vollständige Konfiguration je Agententyp (allgemein, Kundensupport, Vertrieb, Vertriebsentwicklung, Customer Success, E-Commerce, benutzerdefiniert) zum Anpassen.',
              'Aus einer Beschreibung: Sagen Sie, was der Agent tun soll, mit Komplexität, Branche und Anwendungsfall, und wählen Sie Entwurf generieren. Ohne Sprachmodell schreibt ein vorlagenbasierter Generator den Entwurf und sagt das auch.',
            ],
          },
          'Jeder Start füllt dasselbe Formular mit fünf Abschnitten (Grundlagen; Anweisungen und Begrüßung; Modell; Stimme; Wissensdatenbank), das Sie prüfen, bevor Sie Agent erstellen wählen.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Agent erstellen' }],
      },
      {
        id: 'agent-instructions',
        title: 'Anweisungen, Begrüßung und Persönlichkeit',
        body: [
          'Die Anweisungen sind der System-Prompt des Agenten: seine Rolle, sein Ton, was er tun und was er nie tun soll (bis zu 20.000 Zeichen). Die Begrüßung (bis zu 2.000 Zeichen) erscheint als erste Nachricht jedes neuen Chats.',
          'Eine Persönlichkeit bringt Ton, Eigenschaften und eigene Anweisungen mit. Vier sind eingebaut und schreibgeschützt: freundlich, professionell, einfühlsam und knapp. Mit Persönlichkeiten verwalten neben dem Feld Persönlichkeit legen Sie eigene an, bearbeiten und löschen sie.',
          'Das Feld Sprache legt fest, in welcher Sprache der Agent antwortet. Im Abschnitt Modell wählen Sie Anbieter, Modellname, Temperatur (0 bis 2: höher ergibt abwechslungsreichere Antworten) und die maximale Antwortlänge in Tokens.',
        ],
      },
      {
        id: 'agent-edit',
        title: 'Einen Agenten bearbeiten und seinen Status ändern',
        body: [
          'Wählen Sie Bearbeiten auf der Seite des Agenten. Gespeichert werden nur die geänderten Felder, und jede Änderung der Konfiguration wird zu einer neuen, nummerierten Version – es geht also nichts verloren.',
          'Der Status (Entwurf, Aktiv, Pausiert, Archiviert) gehört nicht zur Konfiguration: Ihn zu ändern erzeugt keine neue Version. Ein pausierter oder archivierter Agent nimmt keine Gespräche an.',
          'In der Agentenliste können Sie mehrere Agenten auswählen, um ihren Status auf einmal zu ändern oder sie zu löschen.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agenten' }],
      },
      {
        id: 'agent-versions',
        title: 'Versionen und Deployments',
        body: [
          'Die Karte Versionen listet alle Versionen, die neueste zuerst. Wiederherstellen macht eine ältere Konfiguration wieder aktuell, als neue Version.',
          'Die Karte Deployments verknüpft jede Umgebung (Entwicklung, Staging, Produktion) mit einer Version: Wählen Sie eine aus und deployen Sie sie. Zurückrollen heißt, eine ältere Version zu deployen.',
          'Die Chat-Ansichten und der Testbereich nutzen immer die aktuelle Konfiguration. Programme, die ihn über die OpenAI-kompatible API (`/v1`) oder über `/mcp` aufrufen, erhalten die in Produktion deployte Version; ohne eine solche bekommen sie einen Fehler „nicht deployt“.',
        ],
      },
      {
        id: 'agent-sharing',
        title: 'Einen Agenten teilen',
        body: [
          'Wählen Sie Teilen auf der Seite des Agenten. Der Dialog erledigt zwei getrennte Dinge:',
          {
            list: [
              'Ein öffentlicher Link: Jeder, der auf dieser Installation angemeldet ist und den Link hat, kann mit dem Agenten chatten. Teilen beenden macht den Link unbrauchbar.',
              'Ein Team: Der Agent wird mit einem Ihrer Teams geteilt, und dessen Mitglieder erhalten darauf die Rechte ihrer Rolle (Betrachter lesen und chatten, Mitglieder bearbeiten auch, Inhaber und Admins teilen und löschen auch).',
            ],
          },
          'Das Teilen mit einem Team setzt die Funktion Zusammenarbeit voraus, die ein Administrator einschaltet. Öffentliche Links funktionieren in jedem Fall.',
        ],
        links: [{ to: '/dashboard/settings/team', label: 'Team-Einstellungen' }],
      },
      {
        id: 'agent-export',
        title: 'Duplizieren, exportieren und importieren',
        body: [
          'Duplizieren legt eine Kopie des Agenten als neuen Entwurf an. Exportieren lädt eine JSON-Datei mit seiner Konfiguration und seiner eigenen Persönlichkeit herunter, nie mit Geheimnissen oder Ids dieses Servers.',
          'Importieren in der Agentenliste erstellt aus einer solchen Datei einen gleichen Agenten, auf dieser oder einer anderen Installation.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agenten' }],
      },
    ],
  },
  {
    id: 'knowledge',
    title: 'Wissen',
    articles: [
      {
        id: 'knowledge-upload',
        title: 'Dokumente hochladen',
        body: [
          {
            steps: [
              'Öffnen Sie die Seite des Agenten im Tab Übersicht.',
              'Wählen Sie unter Dokumente der Wissensdatenbank Dokument hochladen und dann die Datei.',
              'Das Dokument wird sofort gelesen und indexiert: Es erscheint als Bereit mit der Zahl seiner Passagen, und der Agent kann daraus antworten.',
            ],
          },
          'Uploads sind auf einer neuen Installation ausgeschaltet. Meldet der Bereich, dass der Administrator Datei-Uploads ausgeschaltet hat, schaltet ein Administrator Datei-Uploads unter Admin › Konfiguration › Feature-Flags ein; das wirkt sofort.',
          'Sie müssen den Agenten bearbeiten dürfen: Betrachter eines Teams sehen die Dokumente, können aber keine hinzufügen oder löschen.',
        ],
        links: [{ to: '/admin/configuration#features', label: 'Admin › Konfiguration › Feature-Flags', admin: true }],
      },
      {
        id: 'knowledge-formats',
        title: 'Formate und Grenzen',
        body: [
          'Unterstützte Formate: Nur-Text (.txt), Markdown (.md), HTML, PDF, Word (.docx), CSV und JSON.',
          {
            list: [
              'Eine Datei darf bis zu 20 MB groß sein (Voreinstellung; Administratoren ändern sie unter Admin › Konfiguration › Limits).',
              'Alle Ihre Dokumente zusammen dürfen bis zu 1 GB belegen: Jedes zählt die Größe seiner Datei plus seinen Text.',
              'Eine Datei, deren Text im Verhältnis zu ihrer Größe sehr groß wäre oder die sich nicht innerhalb von 20 Sekunden lesen lässt, wird abgelehnt.',
            ],
          },
          'Bei einer abgelehnten Datei wird nichts gespeichert, und die Meldung nennt Datei und Grund; eine beschädigte PDF wird zum Beispiel abgelehnt.',
        ],
      },
      {
        id: 'knowledge-citations',
        title: 'Wie Agenten Dokumente nutzen, und Quellenangaben',
        body: [
          'Jedes Dokument wird in Passagen von etwa 800 Zeichen zerlegt. Zu jeder Frage findet die Volltextsuche der Datenbank die fünf am besten passenden Passagen des Agenten und gibt sie mit ihren Quellen an das Modell.',
          'Antworten, die sie nutzen, führen darunter ihre Quellen auf, mit dem Namen jedes Dokuments. Ohne Sprachmodell zitiert der eingebaute Responder diese Passagen direkt.',
          'Die Suche vergleicht Wörter, und ihre Wortstammbildung ist auf Englisch abgestimmt: Fragen Sie mit den Wörtern, die Ihre Dokumente verwenden. Der Schalter „Wissensdatenbank verwenden“ im Formular des Agenten schaltet das für einen Agenten ab.',
        ],
      },
      {
        id: 'knowledge-manage',
        title: 'Dokumente verwalten und entfernen',
        body: [
          'Die Dokumententabelle zeigt zu jedem Dokument Name, Typ, Größe, Status und Zahl der Passagen. Ein Dokument zu löschen (mit Rückfrage) entfernt es samt Passagen aus der Wissensdatenbank und gibt seinen Anteil am Speicherkontingent frei.',
          'Dokumente liegen in der eigenen Datenbank der Installation, zusammen mit allem anderen.',
        ],
      },
    ],
  },
  {
    id: 'tools',
    title: 'Tools (MCP)',
    articles: [
      {
        id: 'mcp-overview',
        title: 'Was MCP-Server leisten',
        body: [
          'Ein MCP-Server (Model Context Protocol) leiht Ihren Agenten Tools: suchen, Dateien lesen, in Ihren eigenen Systemen nachschlagen. Ihre Server finden Sie unter MCP-Tools.',
          'Zwei Transportwege werden unterstützt:',
          {
            list: [
              'Streamable HTTP: eine URL, unter der der MCP-Server antwortet. Adressen in privaten oder lokalen Netzen werden abgelehnt, sofern der Betreiber sie nicht erlaubt.',
              'stdio: ein Befehl, den dieser Server auf seinem eigenen Rechner ausführt. Nur Administratoren können einen solchen Server hinzufügen, und nur mit einem Befehl von der Positivliste des Betreibers, die anfangs leer ist.',
            ],
          },
          'Der ältere SSE-Transport wird nicht unterstützt.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'MCP-Tools' }],
      },
      {
        id: 'mcp-add',
        title: 'Server hinzufügen, importieren und exportieren',
        body: [
          'Wählen Sie Server hinzufügen, geben Sie einen Namen, wählen Sie den Transport und tragen Sie URL und Header ein, oder den Befehl mit seinen Argumenten und Umgebungsvariablen. Geheime Werte werden verschlüsselt gespeichert und danach maskiert angezeigt.',
          'Aus einer Beschreibung vorschlagen schlägt bekannte Server vor (filesystem, fetch, git, GitHub und andere) und schreibt, wenn ein Sprachmodell angebunden ist, einen für Sie, um das Formular zu füllen. Verbindung testen probiert die Konfiguration so, wie sie eingegeben ist, und listet ihre Tools, ohne etwas zu speichern.',
          'Importieren nimmt das JSON eines MCP-Desktop-Clients (`{"mcpServers": …}`) oder das von VS Code (`{"servers": …}`), bis zu 50 Server auf einmal. Exportieren lädt Ihre Server im selben Format herunter, mit oder ohne Zugangsdaten.',
        ],
        links: [
          { to: '/dashboard/mcp/create', label: 'MCP-Server hinzufügen' },
          { to: '/dashboard/mcp/import', label: 'MCP-Server importieren' },
        ],
      },
      {
        id: 'mcp-test',
        title: 'Einen Server testen',
        body: [
          'Testen, in der Liste oder auf der Seite des Servers, verbindet sich neu und listet die Tools des Servers. Der Status wird Verbunden, oder Fehler mit dem Grund in Worten: Adresse abgelehnt, nicht erreichbar, nicht autorisiert, Zeitüberschreitung und so weiter.',
          'Testen Sie einen Server, nachdem Sie ihn hinzugefügt haben: Seine Tools sind erst bekannt, wenn ein Test sie aufgelistet hat. Ein ausgeschalteter Server (Aktiv) behält seine Konfiguration, aber Agenten nutzen seine Tools nicht mehr.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'MCP-Tools' }],
      },
      {
        id: 'mcp-agent-tools',
        title: 'Einem Agenten Tools geben und seine Tool-Aufrufe sehen',
        body: [
          {
            steps: [
              'Öffnen Sie die Seite des Agenten und seinen Tab Tools, dann wählen Sie Server hinzufügen.',
              'Wählen Sie einen Ihrer MCP-Server, mit allen Tools oder nur mit denen, die Sie auswählen.',
              'Legen Sie seine Priorität fest: Höher kommt zuerst und gewinnt, wenn zwei Server ein Tool gleichen Namens haben.',
            ],
          },
          'Sie müssen den Agenten bearbeiten dürfen, und der Server muss Ihnen gehören.',
          'Beim Antworten kann das Modell diese Tools aufrufen, in höchstens vier Runden, 30 Sekunden je Aufruf und 90 Sekunden Tool-Zeit je Antwort. Ein fehlschlagendes Tool stoppt die Antwort nicht: Das Modell erfährt den Grund. Jeder Aufruf erscheint im Chat als Karte mit Argumenten und Ergebnis.',
          'Tools brauchen ein angebundenes Sprachmodell: Der eingebaute Responder ruft sie nicht auf.',
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'Kanäle',
    articles: [
      {
        id: 'channel-chat',
        title: 'Die Chat-Ansicht',
        body: [
          'Unter Chat in der Seitenleiste wählen Sie jeden Agenten, den Sie nutzen dürfen, und sprechen mit ihm. Seine früheren Gespräche stehen neben den Nachrichten; Neues Gespräch beginnt ein weiteres.',
          'Gespräche von hier werden mit Tokens und Antwortzeiten gespeichert und erscheinen unter Alle Konversationen.',
        ],
        links: [{ to: '/dashboard/chat', label: 'Chat' }],
      },
      {
        id: 'channel-public-link',
        title: 'Der Chat-Link für andere Benutzer',
        body: [
          'Erstellen Sie im Dialog Teilen des Agenten einen öffentlichen Link und verschicken Sie ihn: Er öffnet eine Chat-Seite mit Name, Beschreibung und Begrüßung des Agenten, unter einer Adresse wie `/user/chat/<agent id>?share=…`.',
          'Wer ihn öffnet, muss auf dieser Installation angemeldet sein. Diese Gespräche erscheinen in Ihrer Konversationsliste. Teilen beenden schaltet den Link sofort ab.',
        ],
      },
      {
        id: 'channel-api-keys',
        title: 'API-Schlüssel',
        body: [
          'API-Dokumentation in der Seitenleiste enthält Ihre API-Schlüssel. Schlüssel erstellen fragt nach einem Namen, den Agenten, die der Schlüssel erreichen darf (alle oder einige), und einem optionalen Ablaufdatum.',
          'Der Schlüssel (er beginnt mit `af_`) wird nur einmal angezeigt: Kopieren Sie ihn dann. Der Server behält nur einen Fingerabdruck und die ersten Zeichen, kann ihn also nicht erneut anzeigen. Ein Schlüssel handelt auf seinen Agenten in Ihrem Namen, kann aber nie Schlüssel, Ihre E-Mail-Adresse, Ihr Passwort oder Ihr Konto verwalten.',
          'Senden Sie ihn als `Authorization: Bearer af_…`. Widerrufen stoppt ihn sofort.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API-Dokumentation' }],
      },
      {
        id: 'channel-openai-api',
        title: 'Die OpenAI-kompatible API',
        body: [
          'Ihre Agenten antworten unter `/v1` im Chat-Completions-Format von OpenAI, daher funktionieren die offiziellen OpenAI-Bibliotheken: Setzen Sie die Basis-URL auf die Adresse dieses Servers gefolgt von `/v1`, den API-Schlüssel auf einen Ihrer Schlüssel und das Modell auf die Id des Agenten.',
          'Es antwortet die in Produktion deployte Version, mit ihrem Wissen und ihren Tools. Jede Antwort trägt einen Header `X-Conversation-Id`: Schicken Sie ihn zurück, um dasselbe Gespräch fortzusetzen.',
          'Die Seite API-Dokumentation enthält kopierfertige Beispiele für curl, Python und JavaScript. Die vollständige Referenz der HTTP-API finden Sie unter `/api/docs`.',
        ],
        links: [
          { to: '/dashboard/integrations/api-docs', label: 'API-Dokumentation' },
          { href: '/api/docs', label: 'API-Referenz' },
        ],
      },
      {
        id: 'channel-mcp-endpoint',
        title: 'Ihre Agenten als Tools eines MCP-Clients',
        body: [
          'Dieser Server ist selbst ein MCP-Server unter `/mcp`, für API-Schlüssel: Jeder Agent, den der Schlüssel erreicht, wird zu einem Tool namens `ask_` gefolgt vom Namen des Agenten, das eine Nachricht annimmt und mit der Antwort des Agenten und ihren Quellen antwortet.',
          'Fügen Sie ihn mit dem Beispiel auf der Seite API-Dokumentation (MCP-Client) zu einem MCP-Desktop-Client hinzu. Es antwortet die in Produktion deployte Version.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API-Dokumentation' }],
      },
      {
        id: 'channel-live',
        title: 'Gespräche live verfolgen',
        body: [
          'Live unter Konversationen zeigt die laufenden Gespräche und verfolgt das ausgewählte, während seine Nachrichten eintreffen, aus jedem Kanal. Ganzer Verlauf öffnet es vollständig.',
          'Alle Konversationen listet jedes Gespräch Ihrer Agenten und der mit Ihren Teams geteilten Agenten, mit Filtern nach Text, Agent, Kanal, Status und Datum. Ein Gespräch ohne Nachricht seit 30 Minuten (Voreinstellung) endet von selbst.',
        ],
        links: [
          { to: '/dashboard/conversations/live', label: 'Live-Unterhaltungen' },
          { to: '/dashboard/conversations', label: 'Alle Konversationen' },
        ],
      },
    ],
  },
  {
    id: 'faq',
    title: 'Häufige Fragen',
    articles: [
      {
        id: 'faq-no-model',
        title: 'Warum sagt mein Agent, dass kein Sprachmodell verbunden ist?',
        body: [
          'Weil auf dieser Installation noch kein Sprachmodell eingerichtet ist und deshalb der eingebaute Responder antwortet: Er nutzt die Begrüßung des Agenten und die Passagen seiner Dokumente und kann keinen neuen Text verfassen.',
          'Ein Administrator bindet eines unter Admin › Konfiguration › Sprachmodell an (siehe „Ein Sprachmodell anbinden“ oben). Das gilt ab der nächsten Nachricht, ohne Neustart.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Konfiguration › Sprachmodell', admin: true }],
      },
      {
        id: 'faq-no-verification-email',
        title: 'Warum habe ich keine Bestätigungs-E-Mail bekommen?',
        body: [
          'Ist kein Mailserver eingerichtet, wird keine E-Mail verschickt: Sie bleibt im Postausgang, den Administratoren sehen, und die Ansichten weisen darauf hin. Ein Administrator kann dann entweder E-Mail einrichten (Admin › Konfiguration › E-Mail), wonach zurückgehaltene E-Mails erneut gesendet werden können, oder Ihre Adresse in ihrer Zeile unter Admin › Benutzer als bestätigt markieren.',
          'Ist E-Mail eingerichtet, sehen Sie im Spam-Ordner nach und fordern Sie in den Einstellungen einen neuen Link an: Ein Link gilt 24 Stunden, und ein neuer ersetzt den alten.',
        ],
        links: [
          { to: '/dashboard/settings', label: 'Einstellungen' },
          { to: '/admin/users', label: 'Admin › Benutzer', admin: true },
        ],
      },
      {
        id: 'faq-invite-teammates',
        title: 'Wie lade ich Kolleginnen und Kollegen ein?',
        body: [
          'Wählen Sie in den Team-Einstellungen Team erstellen (Sie werden Inhaber), öffnen Sie das Team und nutzen Sie Jemanden einladen mit der E-Mail-Adresse und einer Rolle, etwa Mitglied oder Betrachter. Der verschickte Link funktioniert einmal und 7 Tage lang.',
          'Wer noch kein Konto hat, registriert sich mit der eingeladenen Adresse und bestätigt sie; die Einladung wartet dann unter Einladungen für Sie.',
          'Einladungen und Teilen im Team setzen das Feature-Flag Zusammenarbeit voraus, das auf einer neuen Installation aus ist: Ein Administrator schaltet es unter Admin › Konfiguration › Feature-Flags ein.',
        ],
        links: [
          { to: '/dashboard/settings/team', label: 'Team-Einstellungen' },
          { to: '/admin/configuration#features', label: 'Admin › Konfiguration › Feature-Flags', admin: true },
        ],
      },
      {
        id: 'faq-data-storage',
        title: 'Wo werden meine Daten gespeichert?',
        body: [
          'AgentForge wird selbst betrieben: Konten, Agenten, Dokumente und Gespräche bleiben in der Datenbank der Installation, die Sie nutzen – standardmäßig eine SQLite-Datei in ihrem Datenordner, oder PostgreSQL, wenn der Betreiber das wählt.',
          'Geheimnisse (API-Schlüssel von Anbietern, MCP-Zugangsdaten, Mail-Einstellungen) werden verschlüsselt in der Datenbank abgelegt, und Ihre API-Schlüssel nur als Hash.',
          'Was den Server verlässt: Ist ein Sprachmodell angebunden, geht jede Frage mit den Anweisungen des Agenten, dem jüngsten Gesprächsverlauf und den passenden Passagen an dessen Anbieter; Tools erhalten die Argumente, die das Modell ihnen gibt; E-Mails laufen über den eingerichteten Mailserver.',
        ],
      },
      {
        id: 'faq-api-key-lost',
        title: 'Ich habe meinen API-Schlüssel verloren, oder er funktioniert nicht mehr',
        body: [
          'Ein Schlüssel wird nur einmal angezeigt und lässt sich nicht wiederherstellen: Widerrufen Sie ihn auf der Seite API-Dokumentation und erstellen Sie einen neuen.',
          'Ein Schlüssel funktioniert nicht mehr, wenn er widerrufen wurde, sein Ablaufdatum überschritten ist oder sein Konto deaktiviert wurde. Ein Konto kann bis zu 50 Schlüssel haben (Voreinstellung).',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API-Dokumentation' }],
      },
      {
        id: 'faq-rate-limits',
        title: 'Welche Ratenbegrenzungen gibt es?',
        body: [
          'Die Voreinstellungen, die Administratoren und der Betreiber ändern können:',
          {
            list: [
              'Jeder API-Schlüssel: 600 Anfragen pro Minute.',
              'Anmeldung, Registrierung und Zurücksetzen des Passworts: 20 Anfragen pro Minute von einer Adresse und 5 pro Minute für eine E-Mail-Adresse.',
              'Team-E-Mails (Einladungen, hinzugefügte Mitglieder, Nachrichten an das Team): 20 pro Stunde und Person und 50 pro Stunde und Team.',
            ],
          },
          'Wird ein Limit überschritten, lautet die Antwort Status 429 mit einem Header `Retry-After`, der sagt, wann Sie es erneut versuchen können. Ihr Sprachmodell-Anbieter kann eigene Grenzen haben; die Antwort des Agenten sagt es dann.',
        ],
      },
      {
        id: 'faq-export-conversations',
        title: 'Wie exportiere ich Gespräche?',
        body: [
          'Öffnen Sie ein Gespräch unter Alle Konversationen und wählen Sie Als JSON exportieren oder Als CSV exportieren: Der Verlauf wird als Datei heruntergeladen.',
          'Agenten exportieren Sie als JSON auf ihrer Seite, MCP-Server in der Liste der MCP-Tools.',
        ],
        links: [{ to: '/dashboard/conversations', label: 'Alle Konversationen' }],
      },
      {
        id: 'faq-signup-closed',
        title: 'Warum kann sich eine Kollegin oder ein Kollege nicht registrieren?',
        body: [
          'Ein Administrator kann die Registrierung schließen (Admin › Konfiguration › Allgemein, Registrierung offen). Dann können nur Adressen mit einer offenen Team-Einladung ein Konto anlegen: Laden Sie die Person zuerst in ein Team ein.',
        ],
        links: [{ to: '/admin/configuration#general', label: 'Admin › Konfiguration › Allgemein', admin: true }],
      },
      {
        id: 'faq-forgot-password',
        title: 'Ich habe mein Passwort vergessen',
        body: [
          'Wählen Sie auf der Anmeldeseite Passwort vergessen? und geben Sie Ihre E-Mail-Adresse ein: Sie erhalten einen Link zum Zurücksetzen, der einmal und eine Stunde lang funktioniert. Das Zurücksetzen meldet Sie überall ab.',
          'Ohne Mailserver wird keine E-Mail zum Zurücksetzen verschickt: Bitten Sie einen Administrator, E-Mail einzurichten.',
        ],
      },
      {
        id: 'faq-language-theme',
        title: 'Wie ändere ich die Sprache oder nutze das dunkle Design?',
        body: [
          'Das Sprachmenü oben im Dashboard bietet 12 Sprachen; Ihre Wahl wird gespeichert, und E-Mails an Sie werden in dieser Sprache geschrieben. Die Schaltfläche daneben wechselt zwischen hellem und dunklem Design.',
          'In welcher Sprache ein Agent antwortet, legen Sie in seinem Formular fest, unabhängig von Ihrer eigenen.',
        ],
      },
      {
        id: 'faq-delete-account',
        title: 'Wie lösche ich mein Konto?',
        body: [
          'Wählen Sie in den Einstellungen unter Gefahrenbereich Konto löschen und bestätigen Sie mit Ihrem Passwort. Ihre Agenten samt Dokumenten und Gesprächen, Ihre API-Schlüssel und Ihre Team-Mitgliedschaften werden gelöscht; das lässt sich nicht rückgängig machen.',
          'Ein Team, dessen einziger Inhaber Sie waren, geht an den Admin über, der am längsten dabei ist, sonst an das dienstälteste Mitglied.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Einstellungen' }],
      },
    ],
  },
];
