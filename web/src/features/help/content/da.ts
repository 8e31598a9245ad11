import type { HelpSection } from '@/features/help/content/types';

// Hjælpen på dansk: artiklerne fra en.ts, med de samme id'er og links.

export const help: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Kom i gang',
    articles: [
      {
        id: 'create-account',
        title: 'Opret din konto',
        body: [
          {
            steps: [
              'Åbn tilmeldingssiden, og skriv dit fulde navn, din e-mailadresse og en adgangskode på 8 til 128 tegn.',
              'Vælg Opret konto. Du er logget ind med det samme og lander på dashboardet.',
              'Åbn linket i bekræftelsesmailen. Det virker én gang og i 24 timer; under Indstillinger kan du få tilsendt et nyt.',
            ],
          },
          'Den første konto på en ny installation bliver dens administrator; alle senere konti er almindelige brugere. Indtil din adresse er bekræftet, kan du bruge dine agenter, men ikke se eller acceptere teaminvitationer.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Indstillinger' }],
      },
      {
        id: 'create-first-agent',
        title: 'Opret din første agent',
        body: [
          {
            steps: [
              'Gå til Agenter, og vælg Ny agent, eller åbn Opret agent i sidepanelet.',
              'Vælg en start: Fra bunden, Fra en skabelon (en komplet konfiguration til support, salg og andre formål) eller Fra en beskrivelse (beskriv agenten, og gennemse udkastet).',
              'Giv den et navn, skriv dens instruktioner og, hvis du vil, en hilsen.',
              'Vælg Opret agent. Intet gemmes før da.',
            ],
          },
          'Agenten åbner på sin egen side med dens versioner, udrulninger, dokumenter i vidensbasen og et testpanel.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Opret en agent' }],
      },
      {
        id: 'chat-with-agent',
        title: 'Chat med din agent',
        body: [
          'Vælg Chat med agenten på agentens side, eller åbn Chat i sidepanelet, og vælg agenten. Skriv din besked: Enter sender den, Skift+Enter giver en ny linje.',
          'Svarene vises, mens de bliver skrevet. Stop genereringen beholder det, der er sagt indtil da. Når et svar bygger på vidensbasen, står dets Kilder under det.',
          'Testpanelet på agentens side (Test denne agent) taler med den aktuelle kladde. Testsamtaler holdes uden for samtalelisterne, livevisningen og statistikken.',
        ],
        links: [
          { to: '/dashboard/chat', label: 'Chat' },
          { to: '/dashboard/agents', label: 'Agenter' },
        ],
      },
      {
        id: 'connect-a-model',
        title: 'Tilslut en sprogmodel',
        body: [
          'Indtil en sprogmodel er tilsluttet, svarer agenterne med den indbyggede besvarer: Den hilser med agentens hilsen, citerer de passager i dens dokumenter, der matcher spørgsmålet, og skriver under hvert svar, at ingen sprogmodel er tilsluttet.',
          'En administrator tilslutter en model under Administration › Konfiguration, afsnittet Sprogmodel:',
          {
            steps: [
              'Vælg udbyderen: OpenAI-kompatibel (OpenAI eller enhver server, der taler dens API, fx Ollama, vLLM eller LM Studio) eller Google Gemini.',
              'Udfyld API-adressen (lad den være tom for udbyderens offentlige endpoint), API-nøglen (Gemini kræver en; en lokal server gør måske ikke) og standardmodellen.',
              'Vælg Test forbindelsen og derefter Gem. Samtaleomgange, der starter derefter, bruger modellen; der kræves ingen genstart.',
            ],
          },
          'Er du ikke administrator, så bed din om at gøre det. Hver agent kan stadig vælge sit eget modelnavn, sin temperatur og sin svarlængde i afsnittet Model i sin formular.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Administration › Konfiguration › Sprogmodel', admin: true }],
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agenter',
    articles: [
      {
        id: 'agent-create-options',
        title: 'Tre måder at starte en agent på',
        body: [
          {
            list: [
              'Fra bunden: en tom formular med fornuftige standardværdier.',
              'Fra en skabelon: én komplet konfiguration pr. agenttype (generel, kundesupport, salg, salgsudvikling, kundesucces, e-handel, tilpasset), som du tilpasser.',
              'Fra en beskrivelse: fortæl, hvad agenten skal gøre, med kompleksitet, branche og anvendelse, og vælg Generér udkast. Uden sprogmodel skriver en skabelonbaseret generator udkastet og siger det.',
            ],
          },
          'Alle tre udfylder den samme formular i fem afsnit (grundlæggende; instruktioner og hilsen; model; stemme; vidensbase), som du gennemser, før du vælger Opret agent.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Opret en agent' }],
      },
      {
        id: 'agent-instructions',
        title: 'Instruktioner, hilsen og personlighed',
        body: [
          'Instruktionerne er agentens systemprompt: dens rolle, dens tone, hvad den skal gøre, og hvad den aldrig må gøre (op til 20.000 tegn). Hilsenen (op til 2.000 tegn) vises som første besked i hver ny chat.',
          'En personlighed tilføjer en tone, træk og egne instruktioner. Fire er indbyggede og skrivebeskyttede: venlig, professionel, empatisk og kortfattet. Med Administrer personligheder ved siden af feltet Personlighed opretter, redigerer og sletter du dine egne.',
          'Feltet Sprog bestemmer, hvilket sprog agenten svarer på. I afsnittet Model vælger du udbyder, modelnavn, temperatur (0 til 2: højere giver mere varierede svar) og den maksimale svarlængde i tokens.',
        ],
      },
      {
        id: 'agent-edit',
        title: 'Redigér en agent, og skift dens status',
        body: [
          'Vælg Redigér på agentens side. Kun de felter, du ændrer, gemmes, og hver ændring af konfigurationen bliver en ny nummereret version, så intet går tabt.',
          'Status (Kladde, Aktiv, På pause, Arkiveret) er ikke en del af konfigurationen: at ændre den giver ingen ny version. En agent på pause eller arkiveret tager ikke imod samtaler.',
          'I agentlisten kan du markere flere agenter for at ændre deres status eller slette dem på én gang.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agenter' }],
      },
      {
        id: 'agent-versions',
        title: 'Versioner og udrulninger',
        body: [
          'Kortet Versioner viser alle versioner, nyeste først. Gendan gør en ældre konfiguration aktuel igen som en ny version.',
          'Kortet Udrulninger peger hvert miljø (Udvikling, Test, Produktion) på en version: Vælg en, og udrul den. At rulle tilbage er at udrulle en ældre version.',
          'Chatskærmene og testpanelet bruger altid den aktuelle konfiguration. Programmer, der kalder den via det OpenAI-kompatible API (`/v1`) eller `/mcp`, får den version, der er udrullet til Produktion; uden en sådan får de fejlen “ikke udrullet”.',
        ],
      },
      {
        id: 'agent-sharing',
        title: 'Del en agent',
        body: [
          'Vælg Del på agentens side. Dialogen gør to adskilte ting:',
          {
            list: [
              'Et offentligt link: Alle, der er logget ind på denne installation og har linket, kan chatte med agenten. Stop deling får linket til at holde op med at virke.',
              'Et team: Agenten deles med et af dine teams, og dets medlemmer får deres rolles rettigheder til den (læsere læser og chatter, medlemmer redigerer også, ejere og administratorer deler og sletter også).',
            ],
          },
          'Deling med et team kræver funktionen Samarbejde, som en administrator slår til. Offentlige links virker under alle omstændigheder.',
        ],
        links: [{ to: '/dashboard/settings/team', label: 'Teamindstillinger' }],
      },
      {
        id: 'agent-export',
        title: 'Kopiér, eksportér og importér',
        body: [
          'Kopiér laver en kopi af agenten som en ny kladde. Eksportér henter én JSON-fil med dens konfiguration og dens egen personlighed, aldrig hemmeligheder eller id’er fra denne server.',
          'Importér i agentlisten opretter en tilsvarende agent ud fra sådan en fil, på denne installation eller en anden.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agenter' }],
      },
    ],
  },
  {
    id: 'knowledge',
    title: 'Viden',
    articles: [
      {
        id: 'knowledge-upload',
        title: 'Upload dokumenter',
        body: [
          {
            steps: [
              'Åbn agentens side på fanen Oversigt.',
              'Vælg Upload et dokument under Dokumenter i vidensbasen, og vælg filen.',
              'Dokumentet læses og indekseres med det samme: Det vises som Klar med sit antal passager, og agenten kan svare ud fra det.',
            ],
          },
          'Upload er slået fra på en ny installation. Står der i panelet, at administratoren har slået filupload fra, slår en administrator Filupload til under Administration › Konfiguration › Funktionsflag; det virker med det samme.',
          'Du skal kunne redigere agenten: Læsere i et team ser dokumenterne, men kan ikke tilføje eller slette dem.',
        ],
        links: [{ to: '/admin/configuration#features', label: 'Administration › Konfiguration › Funktionsflag', admin: true }],
      },
      {
        id: 'knowledge-formats',
        title: 'Formater og grænser',
        body: [
          'Understøttede formater: ren tekst (.txt), Markdown (.md), HTML, PDF, Word (.docx), CSV og JSON.',
          {
            list: [
              'En fil må fylde op til 20 MB (standard; administratorer ændrer det under Administration › Konfiguration › Grænser).',
              'Alle dine dokumenter tilsammen må fylde op til 1 GB: Hvert tæller sin fils størrelse plus sin tekst.',
              'En fil, hvis tekst ville være meget stor i forhold til dens størrelse, eller som ikke kan læses inden for 20 sekunder, afvises.',
            ],
          },
          'En afvist fil gemmer intet, og beskeden nævner filen og årsagen; en beskadiget PDF bliver for eksempel afvist.',
        ],
      },
      {
        id: 'knowledge-citations',
        title: 'Sådan bruger agenter dokumenter, og kildehenvisninger',
        body: [
          'Hvert dokument deles op i passager på omkring 800 tegn. Til hvert spørgsmål finder databasens fritekstsøgning agentens fem bedst matchende passager og giver dem til modellen sammen med deres kilder.',
          'Svar, der bruger dem, viser deres Kilder nedenunder med navnet på hvert dokument. Uden sprogmodel citerer den indbyggede besvarer passagerne direkte.',
          'Søgningen matcher ord, og dens ordstammer er indstillet til engelsk: Spørg med de ord, dine dokumenter bruger. Kontakten “Brug vidensbasen” i agentens formular slår det fra for en agent.',
        ],
      },
      {
        id: 'knowledge-manage',
        title: 'Administrér og fjern dokumenter',
        body: [
          'Dokumenttabellen viser hvert dokuments navn, type, størrelse, status og antal passager. At slette et dokument (du bliver bedt om at bekræfte) fjerner det og dets passager fra vidensbasen og frigør dets del af lagerkvoten.',
          'Dokumenterne gemmes i installationens egen database sammen med alt andet.',
        ],
      },
    ],
  },
  {
    id: 'tools',
    title: 'Værktøjer (MCP)',
    articles: [
      {
        id: 'mcp-overview',
        title: 'Hvad MCP-servere gør',
        body: [
          'En MCP-server (Model Context Protocol) låner dine agenter værktøjer: søge, læse filer, slå op i dine egne systemer. Dine servere står under MCP-værktøjer.',
          'To transporter understøttes:',
          {
            list: [
              'Streamable HTTP: en URL, som MCP-serveren svarer på. Adresser på private eller lokale netværk afvises, medmindre operatøren tillader dem.',
              'stdio: en kommando, som denne server kører på sin egen maskine. Kun administratorer kan tilføje en, og kun med en kommando på operatørens godkendte liste, som er tom fra start.',
            ],
          },
          'Den ældre SSE-transport understøttes ikke.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'MCP-værktøjer' }],
      },
      {
        id: 'mcp-add',
        title: 'Tilføj, importér og eksportér servere',
        body: [
          'Vælg Tilføj server, giv den et navn, vælg transport, og udfyld URL og headere, eller kommandoen med dens argumenter og miljøvariabler. Hemmelige værdier krypteres, når de gemmes, og vises derefter maskeret.',
          'Foreslå ud fra en beskrivelse foreslår kendte servere (filesystem, fetch, git, GitHub og andre) og skriver, når en sprogmodel er tilsluttet, en til dig, så formularen bliver udfyldt. Test forbindelse prøver konfigurationen, som den er skrevet, og viser dens værktøjer uden at gemme noget.',
          'Importér tager JSON fra en MCP-klient til skrivebordet (`{"mcpServers": …}`) eller VS Code (`{"servers": …}`), op til 50 servere ad gangen. Eksportér henter dine servere i samme format, med eller uden deres legitimationsoplysninger.',
        ],
        links: [
          { to: '/dashboard/mcp/create', label: 'Tilføj en MCP-server' },
          { to: '/dashboard/mcp/import', label: 'Importér MCP-servere' },
        ],
      },
      {
        id: 'mcp-test',
        title: 'Test en server',
        body: [
          'Test, i listen eller på serverens side, forbinder på ny og viser serverens værktøjer. Status bliver Forbundet, eller Fejl med årsagen i ord: afvist adresse, kan ikke nås, ikke autoriseret, timeout og så videre.',
          'Kør en test, når du har tilføjet en server: Dens værktøjer kendes først, når en test har vist dem. En server, der er slået fra (Aktiveret), beholder sin konfiguration, men agenterne holder op med at bruge dens værktøjer.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'MCP-værktøjer' }],
      },
      {
        id: 'mcp-agent-tools',
        title: 'Giv en agent værktøjer, og se dens værktøjskald',
        body: [
          {
            steps: [
              'Åbn agentens side og dens fane Værktøjer, og vælg Tilføj server.',
              'Vælg en af dine MCP-servere med alle dens værktøjer eller kun dem, du vælger.',
              'Angiv dens prioritet: Højere kommer først og vinder, når to servere har et værktøj med samme navn.',
            ],
          },
          'Du skal kunne redigere agenten, og serveren skal være din egen.',
          'Mens modellen svarer, kan den kalde disse værktøjer i højst fire runder, 30 sekunder pr. kald og 90 sekunders værktøjstid pr. svar. Et værktøj, der fejler, stopper ikke svaret: Modellen får at vide hvorfor. Hvert kald vises i chatten som et kort med argumenter og resultat.',
          'Værktøjer kræver en tilsluttet sprogmodel: Den indbyggede besvarer kalder dem ikke.',
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'Kanaler',
    articles: [
      {
        id: 'channel-chat',
        title: 'Chatskærmen',
        body: [
          'Under Chat i sidepanelet vælger du en hvilken som helst agent, du må bruge, og taler med den. Dens tidligere samtaler står ved siden af beskederne; Ny samtale starter en til.',
          'Samtaler herfra gemmes med deres tokens og svartider og vises under Alle samtaler.',
        ],
        links: [{ to: '/dashboard/chat', label: 'Chat' }],
      },
      {
        id: 'channel-public-link',
        title: 'Chatlinket til andre brugere',
        body: [
          'Opret et offentligt link i agentens dialog Del, og send det: Det åbner en chatside med agentens navn, beskrivelse og hilsen på en adresse som `/user/chat/<agent id>?share=…`.',
          'Den, der åbner det, skal være logget ind på denne installation. Deres samtaler vises i din samtaleliste. Stop deling slår linket fra med det samme.',
        ],
      },
      {
        id: 'channel-api-keys',
        title: 'API-nøgler',
        body: [
          'API-dokumentation i sidepanelet rummer dine API-nøgler. Opret nøgle spørger om et navn, de agenter, nøglen må nå (alle eller nogle), og en valgfri udløbsdato.',
          'Nøglen (den begynder med `af_`) vises kun én gang: Kopiér den der. Serveren gemmer kun et fingeraftryk af den og dens første tegn, så den kan ikke vises igen. En nøgle handler som dig på sine agenter, men kan aldrig administrere nøgler, din e-mail, din adgangskode eller din konto.',
          'Send den som `Authorization: Bearer af_…`. Tilbagekald stopper den med det samme.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API-dokumentation' }],
      },
      {
        id: 'channel-openai-api',
        title: 'Det OpenAI-kompatible API',
        body: [
          'Dine agenter svarer på `/v1` i OpenAI’s chat-completions-format, så OpenAI’s officielle biblioteker virker: Sæt base-URL’en til denne servers adresse efterfulgt af `/v1`, API-nøglen til en af dine nøgler og modellen til agentens id.',
          'Det er versionen, der er udrullet til Produktion, som svarer, med dens viden og værktøjer. Hvert svar har en header `X-Conversation-Id`: Send den med tilbage for at fortsætte samme samtale.',
          'Siden API-dokumentation har eksempler i curl, Python og JavaScript, klar til at kopiere. Den fulde reference til HTTP-API’et ligger på `/api/docs`.',
        ],
        links: [
          { to: '/dashboard/integrations/api-docs', label: 'API-dokumentation' },
          { href: '/api/docs', label: 'API-reference' },
        ],
      },
      {
        id: 'channel-mcp-endpoint',
        title: 'Dine agenter som værktøjer i en MCP-klient',
        body: [
          'Denne server er selv en MCP-server på `/mcp` for API-nøgler: Hver agent, nøglen når, bliver et værktøj med navnet `ask_` efterfulgt af agentens navn, som tager imod en besked og svarer med agentens svar og dets kilder.',
          'Tilføj den til en MCP-klient på skrivebordet med eksemplet på siden API-dokumentation (MCP-klient). Det er versionen, der er udrullet til Produktion, som svarer.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API-dokumentation' }],
      },
      {
        id: 'channel-live',
        title: 'Følg samtaler live',
        body: [
          'Live under Samtaler viser de samtaler, der foregår nu, og følger den, du vælger, efterhånden som beskederne kommer, fra alle kanaler. Hele udskriften åbner den i sin helhed.',
          'Alle samtaler viser hver samtale med dine agenter og med de agenter, der er delt med dine teams, med filtre for tekst, agent, kanal, status og datoer. En samtale uden beskeder i 30 minutter (standard) slutter af sig selv.',
        ],
        links: [
          { to: '/dashboard/conversations/live', label: 'Live-samtaler' },
          { to: '/dashboard/conversations', label: 'Alle samtaler' },
        ],
      },
    ],
  },
  {
    id: 'faq',
    title: 'Ofte stillede spørgsmål',
    articles: [
      {
        id: 'faq-no-model',
        title: 'Hvorfor siger min agent, at ingen sprogmodel er tilsluttet?',
        body: [
          'Fordi denne installation endnu ikke har en sprogmodel sat op, så det er den indbyggede besvarer, der svarer: Den bruger agentens hilsen og passagerne i dens dokumenter og kan ikke formulere ny tekst.',
          'En administrator tilslutter en under Administration › Konfiguration › Sprogmodel (se “Tilslut en sprogmodel” ovenfor). Det gælder fra næste besked, uden genstart.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Administration › Konfiguration › Sprogmodel', admin: true }],
      },
      {
        id: 'faq-no-verification-email',
        title: 'Hvorfor fik jeg ingen bekræftelsesmail?',
        body: [
          'Når der ikke er sat en mailserver op, sendes der ingen mails: De bliver i udbakken, som administratorer kan se, og skærmene siger det. En administrator kan så enten sætte mail op (Administration › Konfiguration › Mail), hvorefter de tilbageholdte mails kan sendes igen, eller markere din adresse som bekræftet fra dens række under Administration › Brugere.',
          'Er mail sat op, så kig i din spammappe, og bed om et nyt link under Indstillinger: Et link gælder i 24 timer, og et nyt erstatter det gamle.',
        ],
        links: [
          { to: '/dashboard/settings', label: 'Indstillinger' },
          { to: '/admin/users', label: 'Administration › Brugere', admin: true },
        ],
      },
      {
        id: 'faq-invite-teammates',
        title: 'Hvordan inviterer jeg kolleger?',
        body: [
          'Vælg Opret team under Teamindstillinger (du bliver ejer), åbn teamet, og brug Invitér nogen med personens e-mail og en rolle, fx medlem eller læser. Linket i mailen virker én gang og i 7 dage.',
          'Den, der ikke har en konto, tilmelder sig med den inviterede adresse og bekræfter den; invitationen venter så under Invitationer til dig.',
          'Invitationer og deling i teams kræver funktionsflaget Samarbejde, som er slået fra på en ny installation: En administrator slår det til under Administration › Konfiguration › Funktionsflag.',
        ],
        links: [
          { to: '/dashboard/settings/team', label: 'Teamindstillinger' },
          { to: '/admin/configuration#features', label: 'Administration › Konfiguration › Funktionsflag', admin: true },
        ],
      },
      {
        id: 'faq-data-storage',
        title: 'Hvor gemmes mine data?',
        body: [
          'AgentForge er selvhostet: Konti, agenter, dokumenter og samtaler bliver i databasen på den installation, du bruger – som standard en SQLite-fil i dens datamappe, eller PostgreSQL, hvis operatøren vælger det.',
          'Hemmeligheder (udbyderes API-nøgler, MCP-legitimationsoplysninger, mailindstillinger) gemmes krypteret i databasen, og dine API-nøgler kun som et hash.',
          'Det, der forlader serveren: Når en sprogmodel er tilsluttet, sendes hvert spørgsmål til dens udbyder sammen med agentens instruktioner, den seneste samtale og de matchende passager; værktøjer får de argumenter, modellen giver dem; mails går gennem den opsatte mailserver.',
        ],
      },
      {
        id: 'faq-api-key-lost',
        title: 'Jeg har mistet min API-nøgle, eller den virker ikke længere',
        body: [
          'En nøgle vises kun én gang og kan ikke gendannes: Tilbagekald den på siden API-dokumentation, og opret en ny.',
          'En nøgle holder op med at virke, når den tilbagekaldes, når dens udløbsdato er passeret, eller når dens konto deaktiveres. En konto kan have op til 50 nøgler (standard).',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'API-dokumentation' }],
      },
      {
        id: 'faq-rate-limits',
        title: 'Hvilke hastighedsgrænser er der?',
        body: [
          'Standardværdierne, som administratorer og operatøren kan ændre:',
          {
            list: [
              'Hver API-nøgle: 600 forespørgsler i minuttet.',
              'Log ind, tilmelding og nulstilling af adgangskode: 20 forespørgsler i minuttet fra én adresse og 5 i minuttet for én e-mailadresse.',
              'Teammails (invitationer, tilføjede medlemmer, beskeder til teamet): 20 i timen pr. person og 50 i timen pr. team.',
            ],
          },
          'Over en grænse er svaret status 429 med en header `Retry-After`, der siger, hvornår du kan prøve igen. Din sprogmodeludbyder kan have sine egne grænser; så siger agentens svar det.',
        ],
      },
      {
        id: 'faq-export-conversations',
        title: 'Hvordan eksporterer jeg samtaler?',
        body: [
          'Åbn en samtale fra Alle samtaler, og vælg Eksportér JSON eller Eksportér CSV: Udskriften hentes som en fil.',
          'Agenter eksporteres som JSON fra deres side, og MCP-servere fra listen under MCP-værktøjer.',
        ],
        links: [{ to: '/dashboard/conversations', label: 'Alle samtaler' }],
      },
      {
        id: 'faq-signup-closed',
        title: 'Hvorfor kan en kollega ikke tilmelde sig?',
        body: [
          'En administrator kan lukke for tilmelding (Administration › Konfiguration › Generelt, Åben tilmelding). Så kan kun adresser med en åben teaminvitation oprette en konto: Invitér først din kollega til et team.',
        ],
        links: [{ to: '/admin/configuration#general', label: 'Administration › Konfiguration › Generelt', admin: true }],
      },
      {
        id: 'faq-forgot-password',
        title: 'Jeg har glemt min adgangskode',
        body: [
          'Vælg Glemt adgangskode? på login-siden, og skriv din e-mail: Du får et nulstillingslink, der virker én gang i en time. At nulstille adgangskoden logger dig ud alle steder.',
          'Uden mailserver sendes der ingen nulstillingsmail: Bed en administrator om at sætte mail op.',
        ],
      },
      {
        id: 'faq-language-theme',
        title: 'Hvordan skifter jeg sprog eller bruger det mørke tema?',
        body: [
          'Sprogmenuen øverst på dashboardet har 12 sprog; dit valg huskes, og mails til dig skrives på det sprog. Knappen ved siden af skifter mellem lyst og mørkt tema.',
          'Det sprog, en agent svarer på, angives i dens formular, uafhængigt af dit eget.',
        ],
      },
      {
        id: 'faq-delete-account',
        title: 'Hvordan sletter jeg min konto?',
        body: [
          'Vælg Slet konto under Farezone i Indstillinger, og bekræft med din adgangskode. Dine agenter med deres dokumenter og samtaler, dine API-nøgler og dine teammedlemskaber slettes; det kan ikke fortrydes.',
          'Et team, som du var eneste ejer af, overgår til dets længst siddende administrator eller, hvis der ikke er nogen, til dets længst siddende medlem.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Indstillinger' }],
      },
    ],
  },
];
