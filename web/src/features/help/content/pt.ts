import type { HelpSection } from '@/features/help/content/types';

// A ajuda em português: os artigos de en.ts, com os mesmos ids e links.

export const help: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Primeiros passos',
    articles: [
      {
        id: 'create-account',
        title: 'Crie sua conta',
        body: [
          {
            steps: [
              'Abra a página de cadastro e informe seu nome completo, seu e-mail e uma senha de 8 a 128 caracteres.',
              'Escolha Criar conta. Você entra na hora e chega ao painel.',
              'Abra o link do e-mail de verificação. Ele funciona uma única vez, por 24 horas; em Configurações você pode pedir outro.',
            ],
          },
          'A primeira conta criada numa instalação nova vira a administradora dela; todas as seguintes são usuários comuns. Enquanto seu endereço não for verificado, você pode usar seus agentes, mas não pode ver nem aceitar convites de equipe.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Configurações' }],
      },
      {
        id: 'create-first-agent',
        title: 'Crie seu primeiro agente',
        body: [
          {
            steps: [
              'Vá em Agentes e escolha Novo agente, ou abra Criar agente na barra lateral.',
              'Escolha um começo: Do zero, Com um modelo (uma configuração completa para suporte, vendas e outros usos) ou A partir de uma descrição (descreva o agente e revise o rascunho).',
              'Dê um nome a ele, escreva as instruções e, se quiser, uma saudação.',
              'Escolha Criar agente. Nada é salvo antes disso.',
            ],
          },
          'O agente abre na própria página, com suas versões, implantações, documentos da base de conhecimento e um painel de teste.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Criar um agente' }],
      },
      {
        id: 'chat-with-agent',
        title: 'Converse com seu agente',
        body: [
          'Na página do agente, escolha Conversar com o agente, ou abra Chat na barra lateral e escolha o agente. Escreva sua mensagem: Enter envia, Shift+Enter começa uma nova linha.',
          'As respostas aparecem enquanto são escritas. Parar a geração mantém o que já foi dito. Quando uma resposta se baseia na base de conhecimento, as Fontes aparecem embaixo dela.',
          'O painel de teste na página do agente (Testar este agente) conversa com o rascunho atual. Conversas de teste ficam fora das listas de conversas, da visão ao vivo e das estatísticas.',
        ],
        links: [
          { to: '/dashboard/chat', label: 'Chat' },
          { to: '/dashboard/agents', label: 'Agentes' },
        ],
      },
      {
        id: 'connect-a-model',
        title: 'Conecte um modelo de linguagem',
        body: [
          'Enquanto nenhum modelo de linguagem estiver conectado, os agentes respondem com o respondedor embutido: ele cumprimenta com a saudação do agente, cita os trechos dos documentos que combinam com a pergunta e avisa, embaixo de cada resposta, que nenhum modelo de linguagem está conectado.',
          'Um administrador conecta um modelo em Admin › Configuração, seção Modelo de linguagem:',
          {
            steps: [
              'Escolha o provedor: Compatível com OpenAI (a OpenAI ou qualquer servidor que fale a API dela, como Ollama, vLLM ou LM Studio) ou Google Gemini.',
              'Preencha o endereço da API (deixe vazio para usar o endpoint público do provedor), a chave de API (o Gemini exige uma; um servidor local pode dispensar) e o modelo padrão.',
              'Escolha Testar conexão e depois Salvar. Os turnos de conversa iniciados a partir daí usam o modelo, sem reiniciar nada.',
            ],
          },
          'Se você não é administrador, peça ao seu. Cada agente ainda pode escolher o próprio nome de modelo, a temperatura e o tamanho das respostas na seção Modelo do formulário dele.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuração › Modelo de linguagem', admin: true }],
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agentes',
    articles: [
      {
        id: 'agent-create-options',
        title: 'Três jeitos de começar um agente',
        body: [
          {
            list: [
              'Do zero: um formulário vazio com padrões sensatos.',
              'Com um modelo: uma configuração completa por tipo de agente (geral, suporte ao cliente, vendas, pré-vendas, sucesso do cliente, e-commerce, personalizado) para adaptar.',
              'A partir de uma descrição: diga o que o agente deve fazer, com a complexidade, o setor e o caso de uso, e escolha Gerar rascunho. Sem modelo de linguagem, um gerador baseado em modelos prontos escreve o rascunho e avisa isso.',
            ],
          },
          'Qualquer um deles preenche o mesmo formulário em cinco seções (básico; instruções e saudação; modelo; voz; base de conhecimento), que você revisa antes de escolher Criar agente.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Criar um agente' }],
      },
      {
        id: 'agent-instructions',
        title: 'Instruções, saudação e personalidade',
        body: [
          'As instruções são o prompt de sistema do agente: o papel, o tom, o que fazer e o que nunca fazer (até 20.000 caracteres). A saudação (até 2.000 caracteres) aparece como primeira mensagem de cada chat novo.',
          'Uma personalidade acrescenta um tom, traços e instruções próprias. Quatro vêm embutidas e são somente leitura: amigável, profissional, empática e concisa. Gerenciar personalidades, ao lado do campo Personalidade, permite criar, editar e excluir as suas.',
          'O campo Idioma define em que idioma o agente responde. Na seção Modelo você escolhe o provedor, o nome do modelo, a temperatura (de 0 a 2: quanto maior, mais variadas as respostas) e o tamanho máximo da resposta em tokens.',
        ],
      },
      {
        id: 'agent-edit',
        title: 'Edite um agente e mude o status',
        body: [
          'Escolha Editar na página do agente. Só os campos alterados são salvos, e cada mudança de configuração vira uma nova versão numerada, então nada se perde.',
          'O status (Rascunho, Ativo, Pausado, Arquivado) não faz parte da configuração: mudá-lo não cria versão. Um agente pausado ou arquivado não aceita conversas.',
          'Na lista de agentes você pode selecionar vários para mudar o status ou excluí-los de uma vez.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agentes' }],
      },
      {
        id: 'agent-versions',
        title: 'Versões e implantações',
        body: [
          'O cartão Versões lista todas as versões, da mais nova para a mais antiga. Restaurar torna uma configuração anterior a atual de novo, como uma nova versão.',
          'O cartão Implantações aponta cada ambiente (Desenvolvimento, Homologação, Produção) para uma versão: escolha uma e implante. Voltar atrás é implantar uma versão mais antiga.',
          'As telas de chat e o painel de teste usam sempre a configuração atual. Programas que o chamam pela API compatível com OpenAI (`/v1`) ou por `/mcp` recebem a versão implantada em Produção; sem ela, recebem um erro de “não implantado”.',
        ],
      },
      {
        id: 'agent-sharing',
        title: 'Compartilhe um agente',
        body: [
          'Escolha Compartilhar na página do agente. A janela faz duas coisas separadas:',
          {
            list: [
              'Um link público: qualquer pessoa conectada a esta instalação que tenha o link pode conversar com o agente. Parar de compartilhar faz o link deixar de funcionar.',
              'Uma equipe: o agente é compartilhado com uma das suas equipes, e os membros dela recebem os direitos do próprio papel sobre ele (leitores leem e conversam, membros também editam, proprietários e administradores também compartilham e excluem).',
            ],
          },
          'Compartilhar com uma equipe exige o recurso Colaboração, que um administrador ativa. Links públicos funcionam de qualquer jeito.',
        ],
        links: [{ to: '/dashboard/settings/team', label: 'Configurações da equipe' }],
      },
      {
        id: 'agent-export',
        title: 'Duplicar, exportar e importar',
        body: [
          'Duplicar cria uma cópia do agente como um novo rascunho. Exportar baixa um arquivo JSON com a configuração e a personalidade personalizada dele, nunca segredos nem ids deste servidor.',
          'Importar, na lista de agentes, cria um agente igual a partir desse arquivo, nesta instalação ou em outra.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agentes' }],
      },
    ],
  },
  {
    id: 'knowledge',
    title: 'Conhecimento',
    articles: [
      {
        id: 'knowledge-upload',
        title: 'Envie documentos',
        body: [
          {
            steps: [
              'Abra a página do agente, na aba Visão geral.',
              'Em Documentos da base de conhecimento, escolha Enviar um documento e selecione o arquivo.',
              'O documento é lido e indexado na hora: aparece como Pronto com o número de trechos, e o agente já pode responder com base nele.',
            ],
          },
          'Os envios vêm desativados numa instalação nova. Se o painel disser que o administrador desativou o envio de arquivos, um administrador liga Envio de arquivos em Admin › Configuração › Flags de recursos; vale na hora.',
          'Você precisa poder editar o agente: leitores de uma equipe veem os documentos, mas não podem adicionar nem excluir.',
        ],
        links: [{ to: '/admin/configuration#features', label: 'Admin › Configuração › Flags de recursos', admin: true }],
      },
      {
        id: 'knowledge-formats',
        title: 'Formatos e limites',
        body: [
          'Formatos aceitos: texto simples (.txt), Markdown (.md), HTML, PDF, Word (.docx), CSV e JSON.',
          {
            list: [
              'Um arquivo pode ter até 20 MB (o padrão; administradores mudam isso em Admin › Configuração › Limites).',
              'Todos os seus documentos juntos podem ocupar até 1 GB: cada um conta o tamanho do arquivo mais o texto.',
              'É recusado o arquivo cujo texto seria muito grande em relação ao tamanho dele, ou que não pode ser lido em 20 segundos.',
            ],
          },
          'Um arquivo recusado não grava nada, e a mensagem diz qual é o arquivo e o motivo; um PDF danificado, por exemplo, é recusado.',
        ],
      },
      {
        id: 'knowledge-citations',
        title: 'Como os agentes usam os documentos, e as citações',
        body: [
          'Cada documento é dividido em trechos de cerca de 800 caracteres. Para cada pergunta, a busca de texto completo do banco de dados encontra os cinco trechos do agente que melhor combinam e os entrega ao modelo com as fontes.',
          'As respostas que os usam listam as Fontes embaixo, com o nome de cada documento. Sem modelo de linguagem, o respondedor embutido cita esses trechos diretamente.',
          'A busca compara palavras, e a redução a radicais é ajustada para o inglês: pergunte com as palavras que seus documentos usam. A chave “Usar a base de conhecimento” no formulário do agente desliga isso para aquele agente.',
        ],
      },
      {
        id: 'knowledge-manage',
        title: 'Gerencie e remova documentos',
        body: [
          'A tabela de documentos mostra nome, tipo, tamanho, status e número de trechos de cada um. Excluir um documento (é pedida confirmação) o remove da base de conhecimento, junto com os trechos, e libera a parte dele na cota de armazenamento.',
          'Os documentos ficam no próprio banco de dados da instalação, junto com todo o resto.',
        ],
      },
    ],
  },
  {
    id: 'tools',
    title: 'Ferramentas (MCP)',
    articles: [
      {
        id: 'mcp-overview',
        title: 'O que os servidores MCP fazem',
        body: [
          'Um servidor MCP (Model Context Protocol) empresta ferramentas aos seus agentes: buscar, ler arquivos, consultar seus próprios sistemas. Seus servidores aparecem em Ferramentas MCP.',
          'Dois transportes são aceitos:',
          {
            list: [
              'HTTP transmissível: uma URL em que o servidor MCP responde. Endereços de redes privadas ou locais são recusados, a menos que o operador os permita.',
              'stdio: um comando que este servidor executa na própria máquina. Só administradores podem adicionar um, e só com um comando da lista permitida pelo operador, que vem vazia.',
            ],
          },
          'O transporte SSE antigo não é aceito.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Ferramentas MCP' }],
      },
      {
        id: 'mcp-add',
        title: 'Adicione, importe e exporte servidores',
        body: [
          'Escolha Adicionar servidor, dê um nome, escolha o transporte e preencha a URL e os cabeçalhos, ou o comando com seus argumentos e variáveis de ambiente. Valores secretos são criptografados ao serem salvos e depois aparecem mascarados.',
          'Sugerir a partir de uma descrição propõe servidores conhecidos (filesystem, fetch, git, GitHub e outros) e, com um modelo de linguagem conectado, escreve um para você, para preencher o formulário. Testar conexão experimenta a configuração como está digitada e lista as ferramentas sem salvar nada.',
          'Importar aceita o JSON de um cliente MCP de desktop (`{"mcpServers": …}`) ou o do VS Code (`{"servers": …}`), até 50 servidores por vez. Exportar baixa seus servidores no mesmo formato, com ou sem as credenciais.',
        ],
        links: [
          { to: '/dashboard/mcp/create', label: 'Adicionar um servidor MCP' },
          { to: '/dashboard/mcp/import', label: 'Importar servidores MCP' },
        ],
      },
      {
        id: 'mcp-test',
        title: 'Teste um servidor',
        body: [
          'Testar, na lista ou na página do servidor, conecta de novo e lista as ferramentas dele. O status passa a Conectado, ou a Erro com o motivo por extenso: endereço recusado, inacessível, não autorizado, tempo esgotado e assim por diante.',
          'Faça um teste depois de adicionar um servidor: as ferramentas dele só são conhecidas depois que um teste as lista. Um servidor desligado (Ativado) mantém a configuração, mas os agentes deixam de usar as ferramentas dele.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Ferramentas MCP' }],
      },
      {
        id: 'mcp-agent-tools',
        title: 'Dê ferramentas a um agente e veja as chamadas',
        body: [
          {
            steps: [
              'Abra a página do agente e a aba Ferramentas, e escolha Adicionar servidor.',
              'Escolha um dos seus servidores MCP, com todas as ferramentas ou só as que você escolher.',
              'Defina a prioridade: a mais alta vem primeiro e vence quando dois servidores têm uma ferramenta com o mesmo nome.',
            ],
          },
          'Você precisa poder editar o agente, e o servidor tem de ser seu.',
          'Ao responder, o modelo pode chamar essas ferramentas, em no máximo quatro rodadas, com 30 segundos por chamada e 90 segundos de ferramentas por resposta. Uma ferramenta que falha não interrompe a resposta: o modelo fica sabendo o motivo. Cada chamada aparece no chat como um cartão com os argumentos e o resultado.',
          'As ferramentas precisam de um modelo de linguagem conectado: o respondedor embutido não as chama.',
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'Canais',
    articles: [
      {
        id: 'channel-chat',
        title: 'A tela de chat',
        body: [
          'Chat, na barra lateral, permite escolher qualquer agente que você pode usar e conversar com ele. As conversas anteriores aparecem ao lado das mensagens; Nova conversa começa outra.',
          'As conversas feitas aqui são guardadas com os tokens e os tempos de resposta, e aparecem em Todas as conversas.',
        ],
        links: [{ to: '/dashboard/chat', label: 'Chat' }],
      },
      {
        id: 'channel-public-link',
        title: 'O link de chat para outros usuários',
        body: [
          'Crie um link público na janela Compartilhar do agente e envie-o: ele abre uma página de chat com o nome, a descrição e a saudação do agente, num endereço como `/user/chat/<agent id>?share=…`.',
          'Quem abrir precisa estar conectado a esta instalação. As conversas dessa pessoa aparecem na sua lista de conversas. Parar de compartilhar desliga o link na hora.',
        ],
      },
      {
        id: 'channel-api-keys',
        title: 'Chaves de API',
        body: [
          'Documentação da API, na barra lateral, reúne suas chaves de API. Criar chave pede um nome, os agentes que a chave pode alcançar (todos ou alguns) e uma data de validade opcional.',
          'A chave (começa com `af_`) aparece uma única vez: copie-a nesse momento. O servidor guarda só uma impressão digital dela e os primeiros caracteres, por isso não pode mostrá-la de novo. Uma chave age em seu nome sobre os agentes dela, mas nunca pode gerenciar chaves, seu e-mail, sua senha ou sua conta.',
          'Envie-a como `Authorization: Bearer af_…`. Revogar a interrompe na hora.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentação da API' }],
      },
      {
        id: 'channel-openai-api',
        title: 'A API compatível com OpenAI',
        body: [
          'Seus agentes respondem em `/v1` no formato chat-completions da OpenAI, então as bibliotecas oficiais da OpenAI funcionam: use como URL base o endereço deste servidor seguido de `/v1`, como chave de API uma das suas chaves e como modelo o id do agente.',
          'Quem responde é a versão implantada em Produção, com o conhecimento e as ferramentas dela. Cada resposta traz um cabeçalho `X-Conversation-Id`: devolva-o para continuar a mesma conversa.',
          'A página Documentação da API tem exemplos prontos para copiar em curl, Python e JavaScript. A referência completa da API HTTP fica em `/api/docs`.',
        ],
        links: [
          { to: '/dashboard/integrations/api-docs', label: 'Documentação da API' },
          { href: '/api/docs', label: 'Referência da API' },
        ],
      },
      {
        id: 'channel-mcp-endpoint',
        title: 'Seus agentes como ferramentas de um cliente MCP',
        body: [
          'Este servidor é ele mesmo um servidor MCP em `/mcp`, para chaves de API: cada agente que a chave alcança vira uma ferramenta chamada `ask_` seguido do nome do agente, que recebe uma mensagem e devolve a resposta do agente com as fontes.',
          'Adicione-o a um cliente MCP de desktop com o exemplo da página Documentação da API (Cliente MCP). Quem responde é a versão implantada em Produção.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentação da API' }],
      },
      {
        id: 'channel-live',
        title: 'Acompanhe conversas ao vivo',
        body: [
          'Ao vivo, em Conversas, mostra as conversas que estão acontecendo e acompanha a que você selecionar à medida que as mensagens chegam, de qualquer canal. Transcrição completa abre a conversa inteira.',
          'Todas as conversas lista cada conversa dos seus agentes e dos agentes compartilhados com suas equipes, com filtros por texto, agente, canal, status e datas. Uma conversa sem mensagens por 30 minutos (padrão) termina sozinha.',
        ],
        links: [
          { to: '/dashboard/conversations/live', label: 'Conversas ao vivo' },
          { to: '/dashboard/conversations', label: 'Todas as conversas' },
        ],
      },
    ],
  },
  {
    id: 'faq',
    title: 'Perguntas frequentes',
    articles: [
      {
        id: 'faq-no-model',
        title: 'Por que meu agente diz que nenhum modelo de linguagem está conectado?',
        body: [
          'Porque esta instalação ainda não tem um modelo de linguagem configurado, então quem responde é o respondedor embutido: ele usa a saudação do agente e os trechos dos documentos, e não consegue redigir texto novo.',
          'Um administrador conecta um em Admin › Configuração › Modelo de linguagem (veja “Conecte um modelo de linguagem” acima). Vale a partir da próxima mensagem, sem reiniciar.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuração › Modelo de linguagem', admin: true }],
      },
      {
        id: 'faq-no-verification-email',
        title: 'Por que não recebi o e-mail de verificação?',
        body: [
          'Quando não há servidor de e-mail configurado, os e-mails não são enviados: ficam na caixa de saída que os administradores veem, e as telas avisam isso. Um administrador pode então configurar o e-mail (Admin › Configuração › E-mail), depois do que os e-mails guardados podem ser reenviados, ou marcar seu endereço como verificado na linha dele em Admin › Usuários.',
          'Se o e-mail estiver configurado, olhe a pasta de spam e peça um novo link em Configurações: um link vale por 24 horas, e um novo substitui o anterior.',
        ],
        links: [
          { to: '/dashboard/settings', label: 'Configurações' },
          { to: '/admin/users', label: 'Admin › Usuários', admin: true },
        ],
      },
      {
        id: 'faq-invite-teammates',
        title: 'Como convido colegas?',
        body: [
          'Em Configurações da equipe, escolha Criar equipe (você vira o proprietário), abra a equipe e use Convidar alguém com o e-mail da pessoa e um papel, como membro ou leitor. O link enviado funciona uma única vez, por 7 dias.',
          'Quem não tem conta se cadastra com o endereço convidado e o verifica; o convite então fica esperando em Convites para você.',
          'Convites e compartilhamento em equipe exigem a flag Colaboração, desligada numa instalação nova: um administrador a liga em Admin › Configuração › Flags de recursos.',
        ],
        links: [
          { to: '/dashboard/settings/team', label: 'Configurações da equipe' },
          { to: '/admin/configuration#features', label: 'Admin › Configuração › Flags de recursos', admin: true },
        ],
      },
      {
        id: 'faq-data-storage',
        title: 'Onde meus dados ficam guardados?',
        body: [
          'O AgentForge é auto-hospedado: contas, agentes, documentos e conversas ficam no banco de dados da instalação que você usa, um arquivo SQLite na pasta de dados dela por padrão, ou PostgreSQL se o operador escolher.',
          'Segredos (chaves de API de provedores, credenciais MCP, configurações de e-mail) ficam criptografados no banco de dados, e suas chaves de API são guardadas só como hash.',
          'O que sai do servidor: com um modelo de linguagem conectado, cada pergunta vai para o provedor dele junto com as instruções do agente, a conversa recente e os trechos que combinam; as ferramentas recebem os argumentos que o modelo passa a elas; os e-mails passam pelo servidor de e-mail configurado.',
        ],
      },
      {
        id: 'faq-api-key-lost',
        title: 'Perdi minha chave de API, ou ela parou de funcionar',
        body: [
          'Uma chave aparece uma única vez e não pode ser recuperada: revogue-a na página Documentação da API e crie outra.',
          'Uma chave para de funcionar quando é revogada, quando passa da data de validade ou quando a conta dela é desativada. Uma conta pode ter até 50 chaves (padrão).',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentação da API' }],
      },
      {
        id: 'faq-rate-limits',
        title: 'Quais são os limites de uso?',
        body: [
          'Os valores padrão, que administradores e o operador podem mudar:',
          {
            list: [
              'Cada chave de API: 600 requisições por minuto.',
              'Login, cadastro e redefinição de senha: 20 requisições por minuto a partir de um mesmo endereço, e 5 por minuto para um mesmo e-mail.',
              'E-mails de equipe (convites, membros adicionados, mensagens à equipe): 20 por hora por pessoa e 50 por hora por equipe.',
            ],
          },
          'Acima de um limite, a resposta tem status 429 com um cabeçalho `Retry-After` dizendo quando tentar de novo. Seu provedor de modelo de linguagem pode ter limites próprios; nesse caso, a resposta do agente avisa.',
        ],
      },
      {
        id: 'faq-export-conversations',
        title: 'Como exporto conversas?',
        body: [
          'Abra uma conversa em Todas as conversas e escolha Exportar JSON ou Exportar CSV: a transcrição é baixada como arquivo.',
          'Agentes são exportados em JSON na página deles, e servidores MCP na lista de Ferramentas MCP.',
        ],
        links: [{ to: '/dashboard/conversations', label: 'Todas as conversas' }],
      },
      {
        id: 'faq-signup-closed',
        title: 'Por que um colega não consegue se cadastrar?',
        body: [
          'Um administrador pode fechar o cadastro (Admin › Configuração › Geral, Cadastro aberto). Aí só endereços com um convite de equipe em aberto podem criar conta: convide seu colega para uma equipe primeiro.',
        ],
        links: [{ to: '/admin/configuration#general', label: 'Admin › Configuração › Geral', admin: true }],
      },
      {
        id: 'faq-forgot-password',
        title: 'Esqueci minha senha',
        body: [
          'Na página de login, escolha Esqueceu a senha? e informe seu e-mail: chega um link de redefinição que funciona uma única vez, por uma hora. Redefinir a senha encerra suas sessões em todos os lugares.',
          'Sem servidor de e-mail, nenhum e-mail de redefinição é enviado: peça a um administrador que configure o e-mail.',
        ],
      },
      {
        id: 'faq-language-theme',
        title: 'Como mudo o idioma ou uso o tema escuro?',
        body: [
          'O menu de idioma, no topo do painel, oferece 12 idiomas; sua escolha fica guardada, e os e-mails para você são escritos nesse idioma. O botão ao lado alterna entre o tema claro e o escuro.',
          'O idioma em que um agente responde é definido no formulário dele, independentemente do seu.',
        ],
      },
      {
        id: 'faq-delete-account',
        title: 'Como excluo minha conta?',
        body: [
          'Em Configurações, na Zona de perigo, escolha Excluir conta e confirme com sua senha. Seus agentes, com os documentos e as conversas deles, suas chaves de API e sua participação em equipes são excluídos; não dá para desfazer.',
          'Uma equipe da qual você era o único proprietário passa para o administrador mais antigo dela ou, se não houver, para o membro mais antigo.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Configurações' }],
      },
    ],
  },
];
