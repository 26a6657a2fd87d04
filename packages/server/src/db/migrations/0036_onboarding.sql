ALTER TABLE "companies" ADD COLUMN "onboarding_dismissed_at" timestamp with time zone;--> statement-breakpoint
-- Help is platform data (one list for every company): a few first-step entries ship with it, in
-- Portuguese, the product's default language; super users edit or delete them like any other.
INSERT INTO "helps" ("title", "description") VALUES
  ('Primeiros passos: conecte um número', 'Em Conexões, adicione uma conexão: leia o QR Code com o WhatsApp do seu celular, use a Cloud API da Meta, ou escolha o Celular de teste para experimentar sem número real (o simulador abre na própria conexão).'),
  ('Filas: organize os atendimentos', 'Em Filas & Chatbot, crie uma fila por setor (Vendas, Suporte…) com a mensagem de saudação e o horário. Ligue a fila à conexão e aos usuários que a atendem.'),
  ('Convide sua equipe', 'Em Usuários, adicione cada atendente com o e-mail e uma senha; escolha o perfil (admin ou usuário) e as filas que ele atende.'),
  ('Responda o primeiro cliente', 'Em Atendimentos, a aba Aguardando mostra quem escreveu. Clique em Aceitar, escreva a resposta e tecle Enter; ao terminar, clique em Resolver.'),
  ('Sua primeira campanha', 'Em Campanhas, crie uma lista de contatos (importe uma planilha), depois uma campanha com a conexão, a lista e até cinco variações da mensagem; programe a data ou envie agora.');
